import { Global, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { LeadIntake } from '../integrations';
import { LeadFlowFormSources } from '../integrations';
import { FacebookFormSources } from './facebook-form-sources';
import { FetchFacebookGraph } from './fetch-graph';
import { FacebookGraph } from './graph.port';
import { FacebookLeadFetcher } from './facebook-lead-fetcher.reactor';
import { FacebookLeadStatsController } from './facebook-lead-stats.http';
import { FacebookPagesController } from './facebook-pages.http';
import { FacebookWebhookController } from './facebook-webhook.http';
import { PageTokens } from './page-tokens';

/**
 * Facebook lead ads (contract section 12): Meta's webhook, the office's pages and forms, the
 * fetching reactor, the back-office's counts. Global for the one thing it lends: the forms the
 * lead-flow screen offers rules for (the integrations module cannot import this one, which uses its intake).
 */
@Global()
@Module({
  imports: [AccountsModule],
  controllers: [FacebookWebhookController, FacebookPagesController, FacebookLeadStatsController],
  providers: [
    { provide: FacebookGraph, useClass: FetchFacebookGraph },
    PageTokens,
    LeadIntake,
    FacebookLeadFetcher,
    { provide: LeadFlowFormSources, useClass: FacebookFormSources },
  ],
  exports: [LeadFlowFormSources],
})
export class FacebookLeadsModule {}
