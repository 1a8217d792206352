import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { PlanRunner } from './run-steps/plan-runner.reactor';

/** Action plans (issue 19 part 1): plans, enrolments, and the process manager that runs their steps. */
@Module({
  imports: [AccountsModule, MessagingModule, SitesModule, LeadsModule],
  controllers: [],
  providers: [PlanRunner],
  exports: [PlanRunner],
})
export class PlansModule {}
