import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { RoutingRulesController } from './change-routing-rules/routing-rules.http';
import { RoutingSettingsController } from './change-routing-settings/routing-settings.http';
import { OfficeController } from './manage-office/office.http';

/** The office: its agents and their profiles, its pipeline's stages, its routing rules and pond settings, and the simulation of rules over past leads. */
@Module({
  imports: [AccountsModule],
  controllers: [OfficeController, RoutingSettingsController, RoutingRulesController],
  providers: [RateLimiter],
})
export class OfficeModule {}
