import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { ConversationModule } from '../conversation';
import { MessagingModule } from '../messaging';
import { AutomatedTextSender } from './quiet-hours/automated-text-sender';
import { SmsStatusController } from './text-delivery/sms-status.http';
import { MailgunEventsController } from './email-delivery/mailgun-events.http';
import { TextRulesController } from './quiet-hours/text-rules.http';
import { ConfirmRevocationController } from './consent-wording/confirm-revocation.http';
import { LeadEvidenceController } from './lead-evidence/lead-evidence.http';

/**
 * What a brokerage answers for (contract section 13): consent in the lead's words, quiet hours
 * and the daily number of automated texts, texts' delivery, and the evidence of it all.
 * Not exported by index.ts: its evidence reads the conversation's streams, and the conversation
 * reads consent wording through index.ts; the app module registers it from here.
 */
@Module({
  imports: [AccountsModule, LeadsModule, ConversationModule, MessagingModule],
  controllers: [ConfirmRevocationController, LeadEvidenceController, MailgunEventsController, SmsStatusController, TextRulesController],
  providers: [AutomatedTextSender, RateLimiter],
})
export class ComplianceModule {}
