import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ListingActivityController } from './listing-activity.http';

/** Listing activity: a listing's weekly traffic for its agent, and for its seller by a signed link. */
@Module({
  imports: [AccountsModule],
  controllers: [ListingActivityController],
})
export class ListingActivityModule {}
