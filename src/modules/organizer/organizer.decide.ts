import { AppError, assertNever, notFound, validation } from '../../shared/errors';
import type { AlertFrequency, Opinion, OrganizerEvent, SavedSearchSaved } from './organizer.events';
import type { Decider } from '../../commands/decider';
import { evolveOrganizer, filedKey, initialOrganizer, MAX_SHARES_PER_DAY, type Organizer, SHARE_WINDOW_MS } from './organizer';

/** At most this many saved searches per lead and site: each one is matched against every listing change. */
export const MAX_SAVED_SEARCHES = 50;
export const NO_SUCH_SEARCH = 'No such saved search';
export const NO_SUCH_NOTEBOOK = 'No such notebook';
export const NOT_IN_NOTEBOOK = 'This home is not in that notebook';
export const TOO_MANY_SHARES = `You can share at most ${MAX_SHARES_PER_DAY} homes in 24 hours; please try again later`;

type Owner = { readonly leadId: string; readonly userId: string; readonly siteId: string };

export type OrganizerCommand = Owner &
  // A saved search as SavedSearchSaved records it.
  (
    | ({ readonly type: 'SaveSearch' } & Omit<SavedSearchSaved['data'], keyof Owner>)
    | { readonly type: 'RenameSearch'; readonly searchId: string; readonly name: string }
    | { readonly type: 'ChangeSearchFrequency'; readonly searchId: string; readonly frequency: AlertFrequency }
    | { readonly type: 'DeleteSearch'; readonly searchId: string }
    | { readonly type: 'Favorite'; readonly pdid: string; readonly on: boolean }
    | { readonly type: 'WriteNote'; readonly pdid: string; readonly note: string }
    | { readonly type: 'GiveOpinion'; readonly pdid: string; readonly opinion: Opinion }
    | { readonly type: 'Share'; readonly pdid: string; readonly toEmail: string; readonly message: string; readonly at: string }
    | { readonly type: 'RequestShowing'; readonly pdid: string; readonly preferredAt: string; readonly message: string }
    | { readonly type: 'CreateNotebook'; readonly notebookId: string; readonly name: string }
    | { readonly type: 'FileInNotebook'; readonly notebookId: string; readonly pdid: string }
    | { readonly type: 'RemoveFromNotebook'; readonly notebookId: string; readonly pdid: string }
    | { readonly type: 'FocusNotebook'; readonly notebookId: string | null }
  );

/** Pure: the organizer's rules. Saving the same criteria again renames nothing and adds nothing. */
export function decideOrganizer(c: OrganizerCommand, s: Organizer): OrganizerEvent[] {
  const owner = { leadId: c.leadId, userId: c.userId, siteId: c.siteId };
  const existing = (id: string) => {
    const found = s.searches.get(id);
    if (!found) throw notFound(NO_SUCH_SEARCH);
    return found;
  };
  switch (c.type) {
    case 'SaveSearch': {
      if (s.searches.has(c.searchId)) return [];
      if (s.searches.size >= MAX_SAVED_SEARCHES) throw validation(`At most ${MAX_SAVED_SEARCHES} saved searches; delete one first`);
      const { type: _t, leadId: _l, userId: _u, siteId: _s, ...rest } = c;
      return [{ type: 'SavedSearchSaved', data: { ...owner, ...rest } }];
    }
    case 'RenameSearch':
      return existing(c.searchId).name === c.name ? [] : [{ type: 'SavedSearchRenamed', data: { ...owner, searchId: c.searchId, name: c.name } }];
    case 'ChangeSearchFrequency':
      return existing(c.searchId).frequency === c.frequency
        ? []
        : [{ type: 'SavedSearchFrequencyChanged', data: { ...owner, searchId: c.searchId, frequency: c.frequency } }];
    case 'DeleteSearch':
      existing(c.searchId);
      return [{ type: 'SavedSearchDeleted', data: { ...owner, searchId: c.searchId } }];
    case 'Favorite':
      if (s.favorites.has(c.pdid) === c.on) return [];
      return [{ type: c.on ? 'ListingFavorited' : 'ListingUnfavorited', data: { ...owner, pdid: c.pdid } }];
    case 'WriteNote':
      return [{ type: 'ListingNoteWritten', data: { ...owner, pdid: c.pdid, note: c.note } }];
    case 'GiveOpinion':
      return [{ type: 'ListingOpinionGiven', data: { ...owner, pdid: c.pdid, opinion: c.opinion } }];
    case 'Share': {
      const since = Date.parse(c.at) - SHARE_WINDOW_MS;
      if (s.recentShares.filter((at) => Date.parse(at) > since).length >= MAX_SHARES_PER_DAY) throw new AppError('rate_limited', TOO_MANY_SHARES);
      return [{ type: 'ListingShared', data: { ...owner, pdid: c.pdid, toEmail: c.toEmail, message: c.message, at: c.at } }];
    }
    case 'RequestShowing':
      return [{ type: 'ShowingRequested', data: { ...owner, pdid: c.pdid, preferredAt: c.preferredAt, message: c.message } }];
    case 'CreateNotebook':
      if (s.notebooks.has(c.notebookId)) return [];
      return [{ type: 'NotebookCreated', data: { ...owner, notebookId: c.notebookId, name: c.name } }];
    case 'FileInNotebook':
      if (!s.notebooks.has(c.notebookId)) throw notFound(NO_SUCH_NOTEBOOK);
      return [{ type: 'ListingFiledInNotebook', data: { ...owner, notebookId: c.notebookId, pdid: c.pdid } }];
    case 'RemoveFromNotebook':
      // Decided from the stream alone: a listing no longer listed can still be taken out.
      if (!s.notebooks.has(c.notebookId)) throw notFound(NO_SUCH_NOTEBOOK);
      if (!s.filed.has(filedKey(c.notebookId, c.pdid))) throw notFound(NOT_IN_NOTEBOOK);
      return [{ type: 'ListingRemovedFromNotebook', data: { ...owner, notebookId: c.notebookId, pdid: c.pdid } }];
    case 'FocusNotebook':
      if (c.notebookId !== null && !s.notebooks.has(c.notebookId)) throw notFound(NO_SUCH_NOTEBOOK);
      return [{ type: 'NotebookFocused', data: { ...owner, notebookId: c.notebookId } }];
    default:
      return assertNever(c);
  }
}

export const organizerDecider: Decider<Organizer, OrganizerCommand, OrganizerEvent> = {
  initialState: initialOrganizer,
  evolve: evolveOrganizer,
  decide: decideOrganizer,
};
