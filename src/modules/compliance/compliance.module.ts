import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { ConfirmRevocationController } from './consent-wording/confirm-revocation.http';
import { LeadEvidenceController } from './lead-evidence/lead-evidence.http';

/**
 * What a brokerage answers for (contract section 13): consent in the lead's words, and the evidence of it.
 * Not exported by index.ts: its evidence reads the conversation's streams, and the conversation
 * reads consent wording through index.ts; the app module registers it from here.
 */
@Module({
  imports: [AccountsModule, LeadsModule],
  controllers: [ConfirmRevocationController, LeadEvidenceController],
})
export class ComplianceModule {}
