import { Global, Module } from '@nestjs/common';
import { MlsFeedAttributions } from '../listings';
import { FeedReadModelAttributions } from './feed-attributions';
import { AccountsModule, SecretKey } from '../accounts';
import { CONFIG } from '../../runtime/tokens';
import { Outbound } from '../../shared/net/outbound';
import { feedOutbound } from './feed-outbound';
import { FeedSecrets } from './feed-secrets';
import { FeedsController } from './feeds-admin/feeds.http';
import { FeedTestController } from './test-connection/feed-test.http';
import { RateLimiter } from '../../http/rate-limiter';
import { FeedRuns } from './run-feeds/feed-runs.service';
import { FeedScheduler } from './run-feeds/feed-scheduler.reactor';

/**
 * MLS feeds: the back-office routes, the runs of this process and the scheduler. Global only so
 * that the listing pages can show each feed's disclaimer through listings' MlsFeedAttributions port.
 */
@Global()
@Module({
  imports: [AccountsModule],
  controllers: [FeedsController, FeedTestController],
  providers: [
    { provide: FeedSecrets, useFactory: async (key: SecretKey) => new FeedSecrets(await key.get()), inject: [SecretKey] },
    { provide: Outbound, useFactory: feedOutbound, inject: [CONFIG] },
    FeedRuns,
    FeedScheduler,
    RateLimiter,
    { provide: MlsFeedAttributions, useClass: FeedReadModelAttributions },
  ],
  exports: [FeedRuns, FeedScheduler, MlsFeedAttributions],
})
export class FeedsModule {}
