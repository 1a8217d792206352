import type { PropertyAlertOpened, PropertyAlertSent } from '../../src/modules/alerts/alerts.events';
import type { AlertFrequency, OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import { wallClockWhen } from '../../src/contract/open-house-time';
import { assertNever } from '../../src/shared/errors';
import { clip, HOME } from './timeline-summary';

/** What the lead keeps, is sent and opens, as the agent's timeline shows it (issue 8). */
export type OrganizerTimelineEvent = Extract<OrganizerEvent, { type: (typeof ORGANIZER_TIMELINE_TYPES)[number] }> | PropertyAlertSent | PropertyAlertOpened;

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

const ALERTS: Record<AlertFrequency, string> = { instant: 'instant alerts', daily: 'daily alerts', weekly: 'weekly alerts', never: 'no alerts' };

/** The home the entry is about, if any (its address replaces HOME when the timeline is read). */
export const organizerPdid = (e: OrganizerTimelineEvent): string | null => ('pdid' in e.data ? e.data.pdid : null);

/**
 * The line for the agent. The lead's note on a listing is the lead's alone ("A note only you
 * see"): the agent learns that there is one, never what it says.
 */
export function organizerSummary(e: OrganizerTimelineEvent): string {
  switch (e.type) {
    case 'SavedSearchSaved':
      return clip(`${e.data.byAgentId ? 'Saved a search for the lead' : 'Saved a search'}: ${e.data.name} (${ALERTS[e.data.frequency]})`);
    case 'SavedSearchDeleted':
      return 'Deleted a saved search';
    case 'ListingFavorited':
      return `Favourited ${HOME}`;
    case 'ListingNoteWritten':
      return e.data.note ? `Wrote a private note on ${HOME}` : `Removed a private note on ${HOME}`;
    case 'ListingOpinionGiven':
      return `${e.data.opinion === 'like' ? 'Liked' : e.data.opinion === 'dislike' ? 'Disliked' : 'Took back the opinion on'} ${HOME}`;
    case 'ListingShared':
      return `Shared ${HOME} by e-mail`;
    case 'ShowingRequested':
      return clip(`Asked for a showing of ${HOME} on ${wallClockWhen(e.data.preferredAt)}${e.data.message ? `: ${e.data.message}` : ''}`);
    case 'ListingFiledInNotebook':
      return `Filed ${HOME} in a notebook`;
    case 'ListingRemovedFromNotebook':
      return `Took ${HOME} out of a notebook`;
    case 'PropertyAlertSent':
      return clip(`${e.data.digestId ? 'Digest alert' : 'Alert'} sent about ${HOME}: ${e.data.change}`);
    case 'PropertyAlertOpened':
      return clip(`Opened the ${e.data.digestId ? 'digest alert' : 'alert'} about ${HOME}: ${e.data.change}`);
    default:
      return assertNever(e);
  }
}
