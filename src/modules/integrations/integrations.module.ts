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

/** The brokerage's other tools: API keys and API v1 (contract section 12). */
@Module({
  imports: [AccountsModule],
  controllers: [CreateApiKeyController, ListApiKeysController, RevokeApiKeyController, V1GetLeadController, V1CreateLeadController],
  providers: [RateLimiter, ApiKeyGuard, LeadIntake],
})
export class IntegrationsModule {}
