import { accountStreamsProjection } from '../../projections/account-streams';
import { alertsProjection } from '../../projections/alerts';
import { chatProjection } from '../../projections/chat';
import { feedListingsProjection } from '../../projections/feed-listings';
import { feedsProjection } from '../../projections/feeds';
import { leadFeedProjection } from '../../projections/lead-feed';
import { leadPipelineProjection } from '../../projections/lead-pipeline';
import { leadRoutingProjection } from '../../projections/lead-routing';
import { membersProjection } from '../../projections/members';
import { organizerProjection } from '../../projections/organizer';
import type { Projection } from '../../projections/runner';
import { searchProjection } from '../../projections/search';
import { shareMailProjection } from '../../projections/share-mail';
import { sitesProjection } from '../../projections/sites';
import { translationsProjection } from '../../projections/translations';
import { usersProjection } from '../../projections/users';
import { webPushProjection } from '../../projections/web-push';

/** Every read model of the product, assembled here at the composition root (the engine knows none of them). */
export const allProjections: readonly Projection[] = [
  sitesProjection,
  usersProjection,
  searchProjection,
  leadRoutingProjection,
  leadFeedProjection,
  leadPipelineProjection,
  chatProjection,
  webPushProjection,
  accountStreamsProjection,
  membersProjection,
  translationsProjection,
  organizerProjection,
  alertsProjection,
  shareMailProjection,
  feedsProjection,
  feedListingsProjection,
];
