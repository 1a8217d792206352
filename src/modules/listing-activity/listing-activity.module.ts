import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { ListingActivityController } from './listing-activity.http';
import { ReportMailSender } from './seller-mail/report-mail-sender.reactor';
import { ReportMails } from './seller-mail/report-mails';

/** Listing activity: a listing's weekly traffic for its agent, and for its seller by a signed link, copied or e-mailed. */
@Module({
  imports: [AccountsModule, MessagingModule, SitesModule],
  controllers: [ListingActivityController],
  providers: [ReportMails, ReportMailSender, RateLimiter],
})
export class ListingActivityModule {}
