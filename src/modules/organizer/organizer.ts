import { assertNever } from '../../shared/errors';
import type { AlertFrequency, OrganizerEvent } from './organizer.events';

export type SavedSearchState = { readonly name: string; readonly frequency: AlertFrequency };

/** Each share sends an e-mail to an address the lead typed: at most this many in SHARE_WINDOW_MS. */
export const MAX_SHARES_PER_DAY = 20;
export const SHARE_WINDOW_MS = 24 * 3600_000;

/** What deciding needs of a lead's organizer: its live saved searches, favourites, notebooks, what is filed in them and latest shares. */
export type Organizer = {
  readonly searches: ReadonlyMap<string, SavedSearchState>;
  readonly favorites: ReadonlySet<string>;
  readonly notebooks: ReadonlySet<string>;
  /** Each listing filed in a notebook and not taken out since, as filedKey(notebookId, pdid). */
  readonly filed: ReadonlySet<string>;
  /** When the last MAX_SHARES_PER_DAY shares were made (ISO instants, oldest first): all the limit needs. */
  readonly recentShares: readonly string[];
};

export const initialOrganizer = (): Organizer => ({ searches: new Map(), favorites: new Set(), notebooks: new Set(), filed: new Set(), recentShares: [] });

/** One key per (notebook, listing): a notebook id is a uuid and a pdid has no spaces. */
export const filedKey = (notebookId: string, pdid: string): string => `${notebookId} ${pdid}`;

export function evolveOrganizer(s: Organizer, e: OrganizerEvent): Organizer {
  switch (e.type) {
    case 'SavedSearchSaved':
      return { ...s, searches: new Map(s.searches).set(e.data.searchId, { name: e.data.name, frequency: e.data.frequency }) };
    case 'SavedSearchRenamed':
    case 'SavedSearchFrequencyChanged': {
      const before = s.searches.get(e.data.searchId);
      if (!before) return s;
      const after = e.type === 'SavedSearchRenamed' ? { ...before, name: e.data.name } : { ...before, frequency: e.data.frequency };
      return { ...s, searches: new Map(s.searches).set(e.data.searchId, after) };
    }
    case 'SavedSearchDeleted': {
      const searches = new Map(s.searches);
      searches.delete(e.data.searchId);
      return { ...s, searches };
    }
    case 'ListingFavorited':
      return { ...s, favorites: new Set(s.favorites).add(e.data.pdid) };
    case 'ListingUnfavorited': {
      const favorites = new Set(s.favorites);
      favorites.delete(e.data.pdid);
      return { ...s, favorites };
    }
    case 'NotebookCreated':
      return { ...s, notebooks: new Set(s.notebooks).add(e.data.notebookId) };
    case 'ListingFiledInNotebook':
      return { ...s, filed: new Set(s.filed).add(filedKey(e.data.notebookId, e.data.pdid)) };
    case 'ListingRemovedFromNotebook': {
      const filed = new Set(s.filed);
      filed.delete(filedKey(e.data.notebookId, e.data.pdid));
      return { ...s, filed };
    }
    case 'ListingShared':
      return e.data.at ? { ...s, recentShares: [...s.recentShares, e.data.at].slice(-MAX_SHARES_PER_DAY) } : s;
    case 'ListingNoteWritten':
    case 'ListingOpinionGiven':
    case 'ShowingRequested':
    case 'NotebookFocused':
      return s;
    default:
      return assertNever(e);
  }
}
