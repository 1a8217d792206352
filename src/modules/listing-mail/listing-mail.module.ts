import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { ListingsModule } from '../listings';
import { LeadsModule } from '../leads';
import { ListingMailLinks } from './send-listings/listing-mail-links';
import { ListingMailSender } from './send-listings/listing-mail-sender.reactor';
import { ListingMailTrackController } from './send-listings/listing-mail-track.http';
import { SendListingsController } from './send-listings/send-listings.http';

/** Listings sent to leads by e-mail, with the opens and clicks they bring back. */
@Module({
  imports: [AccountsModule, MessagingModule, SitesModule, ListingsModule, LeadsModule],
  controllers: [SendListingsController, ListingMailTrackController],
  providers: [RateLimiter, ListingMailLinks, ListingMailSender],
})
export class ListingMailModule {}
