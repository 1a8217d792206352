import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { CreateApiKeyController } from './create-api-key/create-api-key.http';
import { ListApiKeysController } from './list-api-keys/list-api-keys.http';
import { RevokeApiKeyController } from './revoke-api-key/revoke-api-key.http';
import { ApiKeyGuard } from './v1/api-key.guard';
import { V1GetLeadController } from './v1-leads/get-lead.http';
import { V1CreateLeadController } from './v1-leads/create-lead.http';
import { LeadIntake } from './intake-lead/lead-intake.service';
import { V1OpenApiController } from './v1-docs/v1-openapi.http';
import { V1EventsController } from './v1-events/events.http';
import { V1ListLeadsController } from './v1-leads/list-leads.http';
import { V1UpdateLeadController } from './v1-leads/update-lead.http';
import { V1WriteNoteController } from './v1-leads/write-note.http';
import { WebhooksModule } from './webhooks/webhooks.module';
import { LeadFlowController } from './lead-flow/lead-flow.http';
import { LeadFlowViews } from './lead-flow/lead-flow-view';
import { IntakeDeliveries } from './portal-intake/intake-deliveries';
import { IntakeUrlController } from './portal-intake/intake-url.http';
import { PortalMailIntake } from './portal-intake/portal-mail-intake';
import { UnreadDeliveriesController } from './portal-intake/unread-deliveries.http';

/** The brokerage's other tools: API keys, API v1, the lead flow and the intake URL and address (contract section 12). */
@Module({
  imports: [AccountsModule, WebhooksModule],
  controllers: [
    CreateApiKeyController,
    ListApiKeysController,
    RevokeApiKeyController,
    V1CreateLeadController,
    V1ListLeadsController,
    V1GetLeadController,
    V1UpdateLeadController,
    V1WriteNoteController,
    V1EventsController,
    V1OpenApiController,
    LeadFlowController,
    IntakeUrlController,
    UnreadDeliveriesController,
  ],
  providers: [RateLimiter, ApiKeyGuard, LeadIntake, LeadFlowViews, IntakeDeliveries, PortalMailIntake],
  // The inbound e-mail webhook hands mail to an intake address over to the portal intake.
  exports: [PortalMailIntake],
})
export class IntegrationsModule {}
