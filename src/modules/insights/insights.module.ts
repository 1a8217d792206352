import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { LeadScoreController } from './score-leads/lead-score.http';
import { SmartListsController } from './save-smart-lists/smart-lists.http';
import { ReportsController } from './view-reports/reports.http';

/** What the office learns from its leads: reports, lead scores and their rules, and the smart lists saved over the lead list. */
@Module({
  imports: [AccountsModule, LeadsModule],
  controllers: [ReportsController, SmartListsController, LeadScoreController],
  providers: [RateLimiter],
})
export class InsightsModule {}
