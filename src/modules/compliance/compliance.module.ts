import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { ConfirmRevocationController } from './consent-wording/confirm-revocation.http';

/** What a brokerage answers for (contract section 13): consent in the lead's words, and the evidence of it. */
@Module({
  imports: [AccountsModule, LeadsModule],
  controllers: [ConfirmRevocationController],
})
export class ComplianceModule {}
