export { feedsProjection } from './feeds.projection';
export { evolveFeedStatus, type FeedStatus, initialFeedStatus, interruptedRunMessage, publicSettings } from './feed-status';
export { feedAttributions, feedAttributionsWhole, type FeedSchedule, feedSchedules, feedView, listFeeds } from './feeds.query';
