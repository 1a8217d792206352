import { Module } from '@nestjs/common';
import { AccountsModule, SecretKey } from '../accounts';
import { FeedSecrets } from './feed-secrets';
import { FeedsController } from './feeds-admin/feeds.http';
import { FeedRuns } from './run-feeds/feed-runs.service';
import { FeedScheduler } from './run-feeds/feed-scheduler.reactor';

/** MLS feeds: the back-office routes, the runs of this process and the scheduler. */
@Module({
  imports: [AccountsModule],
  controllers: [FeedsController],
  providers: [
    { provide: FeedSecrets, useFactory: async (key: SecretKey) => new FeedSecrets(await key.get()), inject: [SecretKey] },
    FeedRuns,
    FeedScheduler,
  ],
  exports: [FeedRuns, FeedScheduler],
})
export class FeedsModule {}
