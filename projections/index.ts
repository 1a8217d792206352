import type { Projection } from './runner/projection';
import { sitesProjection } from './sites/sites.projection';
import { usersProjection } from './users/users.projection';
import { searchProjection } from './search/postgres/search-listings.projection';
import { leadRoutingProjection } from './lead-routing';
import { leadFeedProjection } from './lead-feed';
import { chatProjection } from './chat/chat.projection';
import { webPushProjection } from './web-push/web-push.projection';
import { accountStreamsProjection } from './account-streams/account-streams.projection';
import { membersProjection } from './members';
import { translationsProjection } from './translations/translations.projection';
import { organizerProjection } from './organizer';
import { alertsProjection } from './alerts/alerts.projection';
import { shareMailProjection } from './share-mail/share-mail.projection';

export type { Projection, Push, PushWithPosition, ProjectionContext } from './runner/projection';
export { ProjectionRunner, type ProjectionState } from './runner/projection-runner';
export { rebuildProjection, RebuildCancelledError, RebuildInProgressError, type RebuildProgress } from './runner/rebuild';
export { projectionStatus, type ProjectionStatus } from './runner/status';

/** Every read model of the product. */
export const allProjections: readonly Projection[] = [sitesProjection, usersProjection, searchProjection, leadRoutingProjection, leadFeedProjection, chatProjection, webPushProjection, accountStreamsProjection, membersProjection, translationsProjection, organizerProjection, alertsProjection, shareMailProjection];
