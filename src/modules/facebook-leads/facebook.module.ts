import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { LeadIntake } from '../integrations';
import { FetchFacebookGraph } from './fetch-graph';
import { FacebookGraph } from './graph.port';
import { FacebookLeadFetcher } from './facebook-lead-fetcher.reactor';
import { FacebookLeadStatsController } from './facebook-lead-stats.http';
import { FacebookPagesController } from './facebook-pages.http';
import { FacebookWebhookController } from './facebook-webhook.http';
import { PageTokens } from './page-tokens';

/** Facebook lead ads (contract section 12): Meta's webhook, the office's pages and forms, the fetching reactor, the back-office's counts. */
@Module({
  imports: [AccountsModule],
  controllers: [FacebookWebhookController, FacebookPagesController, FacebookLeadStatsController],
  providers: [{ provide: FacebookGraph, useClass: FetchFacebookGraph }, PageTokens, LeadIntake, FacebookLeadFetcher],
})
export class FacebookLeadsModule {}
