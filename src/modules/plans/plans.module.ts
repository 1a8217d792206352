import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { ConversationModule } from '../conversation';
import { LeadsModule } from '../leads';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { EnrolmentsController } from './enrolment/enrolments.http';
import { PlanRunner } from './run-steps/plan-runner.reactor';
import { PlansController } from './save-plan/plans.http';

/** Action plans (issue 19 part 1): plans, enrolments, and the process manager that runs their steps. */
@Module({
  imports: [AccountsModule, MessagingModule, SitesModule, LeadsModule, ConversationModule],
  controllers: [PlansController, EnrolmentsController],
  providers: [PlanRunner, RateLimiter],
  exports: [PlanRunner],
})
export class PlansModule {}
