import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ConversationModule } from '../conversation';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { AgreementExpiryReminders } from './expiry-reminders.reactor';
import { ManageAgreementsController } from './manage-agreements.http';
import { SignAgreementController } from './sign-agreement.http';
import { UncoveredBuyersController } from './uncovered-buyers.http';

/** Buyer agreements: drafted and voided by the office, signed by the lead's link or an uploaded copy, required to confirm a showing. */
@Module({
  imports: [AccountsModule, ConversationModule, UploadsModule, SitesModule],
  controllers: [ManageAgreementsController, SignAgreementController, UncoveredBuyersController],
  providers: [AgreementExpiryReminders],
  exports: [AgreementExpiryReminders],
})
export class AgreementsModule {}
