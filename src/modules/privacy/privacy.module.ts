import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { ErasureLinkSender } from './erase-by-link/erasure-link-sender.reactor';
import { PersonEraser } from './erase-person/person-eraser';
import { SealedItemEraser } from './erase-sealed-items/sealed-item-eraser';
import { AccountPrivacyController, OwnDataController } from './privacy.http';
import { LeadRetentionReactor } from './retention/lead-retention.reactor';

/** Issue 18: erasure (on request, by the person, by retention) and the personal-data export (the sealing itself lives in the event store). */
@Module({
  imports: [AccountsModule, UploadsModule, MessagingModule, SitesModule],
  controllers: [OwnDataController, AccountPrivacyController],
  providers: [PersonEraser, SealedItemEraser, RateLimiter, LeadRetentionReactor, ErasureLinkSender],
  exports: [PersonEraser, LeadRetentionReactor],
})
export class PrivacyModule {}
