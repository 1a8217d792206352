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
import { FacebookLeadsModule } from './facebook/facebook.module';

/** The brokerage's other tools: API keys and API v1 (contract section 12). */
@Module({
  imports: [AccountsModule, FacebookLeadsModule],
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
  ],
  providers: [RateLimiter, ApiKeyGuard, LeadIntake],
})
export class IntegrationsModule {}
