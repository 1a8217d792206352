export { feedsProjection } from './feeds.projection';
export { evolveFeedStatus, type FeedStatus, initialFeedStatus, publicSettings } from './feed-status';
export { feedAttributions, type FeedSchedule, feedSchedules, feedView, listFeeds } from './feeds.query';
