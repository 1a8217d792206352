// Events first: projections import them, and they must not wait on what follows.
export * from './feeds.events';
export { type Feed, evolveFeed, initialFeed } from './feed';
export { FeedSecrets, FeedSecretError } from './feed-secrets';
export { FeedInput, isTimeZone, parseInterval } from './configure-feed/feed-input';
export { FEED_DEFAULTS } from './configure-feed/configure-feed.decide';
export { configureFeed, removeFeed } from './configure-feed/configure-feed';
export { activeFeedSettings, loadFeed } from './load-feed';
export {
  describeUrl,
  FeedBusyError,
  FeedCredentialsError,
  FeedError,
  FeedProtocolError,
  FeedStoppedError,
  FeedUnreachableError,
} from './reso-client/feed-errors';
export { type ClientOptions, ResoClient } from './reso-client/reso-client';
export { type FeedProgress, type FeedRunDeps, type FeedRunOptions, type FeedRunResult, runFeed, runFeedIfDue } from './sync-feed/run-feed';
export { type FollowedRun, followFeedRun } from './sync-feed/follow-feed-run';
export { RecordEnricher } from './sync-feed/enrich-records';
export { feedOutbound } from './feed-outbound';
export { FeedsModule } from './feeds.module';
export { FeedRuns } from './run-feeds/feed-runs.service';
export { withRunLiveness } from './run-feeds/feed-liveness';
export { FeedScheduler, RECONCILE_EVERY_MS } from './run-feeds/feed-scheduler.reactor';
