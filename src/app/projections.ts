import { accountStreamsProjection } from '../../projections/account-streams';
import { agreementsProjection } from '../../projections/agreements';
import { apiKeysProjection } from '../../projections/api-keys';
import { facebookLeadsProjection } from '../../projections/facebook-leads';
import { marketStatsProjection } from '../../projections/market-stats';
import { listingActivityProjection } from '../../projections/listing-activity';
import { publicEventsProjection } from '../../projections/public-events';
import { actionPlansProjection } from '../../projections/action-plans';
import { agentPagesProjection } from '../../projections/agent-pages';
import { alertsProjection } from '../../projections/alerts';
import { behaviourAlertsProjection } from '../../projections/behaviour-alerts';
import { chatProjection } from '../../projections/chat';
import { emailTemplatesProjection } from '../../projections/email-templates';
import { feedListingsProjection } from '../../projections/feed-listings';
import { feedsProjection } from '../../projections/feeds';
import { leadFeedProjection } from '../../projections/lead-feed';
import { leadTimelineProjection } from '../../projections/lead-timeline';
import { leadReportsProjection } from '../../projections/lead-reports';
import { leadPondProjection } from '../../projections/lead-pond';
import { leadNotesProjection } from '../../projections/lead-notes';
import { leadImportsProjection } from '../../projections/lead-imports';
import { leadPipelineProjection } from '../../projections/lead-pipeline';
import { leadScoreProjection } from '../../projections/lead-score';
import { leadRoutingProjection } from '../../projections/lead-routing';
import { leadThreadProjection } from '../../projections/lead-thread';
import { membersProjection } from '../../projections/members';
import { organizerProjection } from '../../projections/organizer';
import type { Projection } from '../../projections/runner';
import type { Config } from '../config/config';
import { MeiliSearch, meiliSearchProjection, searchProjection } from '../../projections/search';
import { schoolsProjection } from '../../projections/schools';
import { guidesProjection } from '../../projections/guides';
import { homeDigestProjection } from '../../projections/home-digest';
import { marketSubscribersProjection } from '../../projections/market-subscribers';
import { showingsProjection } from '../../projections/showings';
import { sitesProjection } from '../../projections/sites';
import { tasksProjection } from '../../projections/tasks';
import { smartListsProjection } from '../../projections/smart-lists';
import { translationsProjection } from '../../projections/translations';
import { usersProjection } from '../../projections/users';
import { webPushProjection } from '../../projections/web-push';
// Outbox queues live in their reactors' folders, beside their senders.
import { leadEmailOutboxProjection, replyNoticesProjection } from '../modules/conversation';
import { listingMailProjection } from '../modules/listing-mail';
import { alertChangesQueue } from '../modules/alerts';
import { shareMailProjection } from '../modules/organizer';
import { leadNoticesProjection } from '../modules/speed-to-lead';
import { sellerMailProjection } from '../modules/valuation';
import { reportMailProjection } from '../modules/listing-activity';
import { reminderQueueProjection } from '../modules/tasks';
import { webPushQueueProjection } from '../modules/notifications';
import { behaviourAlertMailQueue, behaviourAlertQueue } from '../modules/behaviour';
import { planWorkQueue } from '../modules/plans';

/** Every read model of the product, assembled here at the composition root (the engine knows none of them). */
export const allProjections: readonly Projection[] = [
  sitesProjection,
  usersProjection,
  searchProjection,
  leadRoutingProjection,
  leadFeedProjection,
  leadTimelineProjection,
  leadReportsProjection,
  leadPondProjection,
  leadNoticesProjection,
  leadNotesProjection,
  tasksProjection,
  emailTemplatesProjection,
  leadPipelineProjection,
  showingsProjection,
  agreementsProjection,
  chatProjection,
  leadThreadProjection,
  webPushProjection,
  accountStreamsProjection,
  membersProjection,
  translationsProjection,
  organizerProjection,
  alertsProjection,
  alertChangesQueue,
  shareMailProjection,
  leadEmailOutboxProjection,
  feedsProjection,
  feedListingsProjection,
  leadImportsProjection,
  smartListsProjection,
  actionPlansProjection,
  planWorkQueue,
  listingMailProjection,
  replyNoticesProjection,
  agentPagesProjection,
  leadScoreProjection,
  behaviourAlertsProjection,
  behaviourAlertQueue,
  behaviourAlertMailQueue,
  schoolsProjection,
  guidesProjection,
  apiKeysProjection,
  publicEventsProjection,
  facebookLeadsProjection,
  sellerMailProjection,
  homeDigestProjection,
  marketSubscribersProjection,
  marketStatsProjection,
  listingActivityProjection,
  reportMailProjection,
  reminderQueueProjection,
  webPushQueueProjection,
];

/**
 * The read models this configuration runs: every one, plus the Meilisearch documents when
 * SEARCH_INDEX=meilisearch (the PostgreSQL search tables stay: autocomplete, MLS update times
 * and the listing picker read them).
 */
export function projectionsFor(config: Pick<Config, 'searchIndex' | 'meili'>): readonly Projection[] {
  if (config.searchIndex !== 'meilisearch' || !config.meili) return allProjections;
  return [...allProjections, meiliSearchProjection(new MeiliSearch({ host: config.meili.url, apiKey: config.meili.key }))];
}

/**
 * The read models whose whole-log replays come after all the others (ProjectionRunner's
 * `replayLast`). With the in-memory index (the default) the search tables answer no visitor's
 * search: valuations, My listings, area pages, sitemaps and the alert dispatcher read them, and
 * answer from the empty tables until they are loaded. Their bulk load is the longest of a first
 * start over an imported log; coming last, it leaves the cores to the in-memory index that opens
 * the port and to the read models agents work in. With SEARCH_INDEX=postgres they are the search.
 */
export function replayedLast(config: Pick<Config, 'searchIndex'>): readonly string[] {
  return config.searchIndex === 'memory' ? [searchProjection.name] : [];
}
