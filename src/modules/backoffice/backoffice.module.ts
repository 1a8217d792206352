import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { AccountActionsController } from './account-actions/account-actions.http';
import { AdminCommands } from './admin-commands';
import { BecomeUserController } from './become-user/become-user.http';
import { ChurnController } from './churn/churn.http';
import { FailedMessagesController } from './failed-messages/failed-messages.http';
import { AccountHistoryController } from './history/history.http';
import { AccountHistoryReader } from './history/history.service';
import { InvoicesController } from './invoices/invoices.http';
import { MembersController } from './members/members.http';
import { OnboardingController } from './onboarding/onboarding.http';
import { PlatformController } from './platform/platform.http';
import { CreateSiteController } from './onboarding/create-site.http';
import { ProjectionsController } from './projections-panel/projections.http';
import { Rebuilds } from './projections-panel/rebuilds.service';

/** The back-office (staff, level 25): member search, account history and actions, projections, failed messages, impersonation. */
@Module({
  imports: [AccountsModule, SitesModule, MessagingModule],
  controllers: [
    MembersController,
    AccountHistoryController,
    AccountActionsController,
    ChurnController,
    OnboardingController,
    CreateSiteController,
    InvoicesController,
    ProjectionsController,
    BecomeUserController,
    PlatformController,
    FailedMessagesController,
  ],
  providers: [AdminCommands, AccountHistoryReader, Rebuilds],
})
export class BackofficeModule {}
