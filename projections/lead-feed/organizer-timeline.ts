import type { PropertyAlertOpened, PropertyAlertSent } from '../../src/modules/alerts/alerts.events';
import type { OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import { assertNever } from '../../src/shared/errors';
import { clip } from './timeline-summary';

/** What the lead keeps, is sent and opens, as the agent's timeline shows it (issue 8). */
export type OrganizerTimelineEvent =
  | Extract<OrganizerEvent, { type: (typeof ORGANIZER_TIMELINE_TYPES)[number] }>
  | PropertyAlertSent
  | PropertyAlertOpened;

export const ORGANIZER_TIMELINE_TYPES = [
  'SavedSearchSaved',
  'SavedSearchDeleted',
  'ListingFavorited',
  'ListingNoteWritten',
  'ListingOpinionGiven',
  'ListingShared',
  'ShowingRequested',
  'ListingFiledInNotebook',
  'ListingRemovedFromNotebook',
] as const;
export const organizerTimelineTypes = [...ORGANIZER_TIMELINE_TYPES, 'PropertyAlertSent', 'PropertyAlertOpened'] as const;

export function organizerSummary(e: OrganizerTimelineEvent): string {
  switch (e.type) {
    case 'SavedSearchSaved':
      return clip(`${e.data.byAgentId ? 'Saved a search for the lead' : 'Saved a search'}: ${e.data.name} (${e.data.frequency} alerts)`);
    case 'SavedSearchDeleted':
      return 'Deleted a saved search';
    case 'ListingFavorited':
      return `Favourited ${e.data.pdid}`;
    case 'ListingNoteWritten':
      return clip(`Note on ${e.data.pdid}: ${e.data.note || '(cleared)'}`);
    case 'ListingOpinionGiven':
      return `${e.data.opinion === 'like' ? 'Liked' : e.data.opinion === 'dislike' ? 'Disliked' : 'Cleared the opinion on'} ${e.data.pdid}`;
    case 'ListingShared':
      return `Shared ${e.data.pdid} by e-mail`;
    case 'ShowingRequested':
      return clip(`Asked for a showing of ${e.data.pdid} at ${e.data.preferredAt}${e.data.message ? `: ${e.data.message}` : ''}`);
    case 'ListingFiledInNotebook':
      return `Filed ${e.data.pdid} in a notebook`;
    case 'ListingRemovedFromNotebook':
      return `Took ${e.data.pdid} out of a notebook`;
    case 'PropertyAlertSent':
      return clip(`${e.data.digestId ? 'Digest alert' : 'Alert'} sent: ${e.data.change} — ${e.data.pdid}`);
    case 'PropertyAlertOpened':
      return clip(`Opened ${e.data.digestId ? 'digest alert' : 'alert'}: ${e.data.change} — ${e.data.pdid}`);
    default:
      return assertNever(e);
  }
}
