/**
 * The organizer (notebook) context: what a lead keeps on one site. Every event sits on the
 * lead's organizer stream `organizer-{leadId}` and carries leadId, userId and siteId, so the
 * agent's timeline and the alerts process manager can place it without a lookup.
 */
export type AlertFrequency = 'instant' | 'daily' | 'weekly' | 'never';
export const ALERT_FREQUENCIES: readonly AlertFrequency[] = ['instant', 'daily', 'weekly', 'never'];

type Owner = { readonly leadId: string; readonly userId: string; readonly siteId: string };

export type SavedSearchSaved = {
  readonly type: 'SavedSearchSaved';
  readonly data: Owner & {
    readonly searchId: string;
    readonly name: string;
    /** The criteria as the search API takes them (field → string), re-validated on every read. */
    readonly criteria: Readonly<Record<string, string>>;
    readonly searchQs: string;
    readonly searchTitle: string;
    readonly frequency: AlertFrequency;
    /** The agent who set it up for the lead from the lead page (issue 16); absent when the lead saved it, and on events from before. */
    readonly byAgentId?: string;
  };
};
export type SavedSearchRenamed = { readonly type: 'SavedSearchRenamed'; readonly data: Owner & { readonly searchId: string; readonly name: string } };
export type SavedSearchFrequencyChanged = {
  readonly type: 'SavedSearchFrequencyChanged';
  readonly data: Owner & { readonly searchId: string; readonly frequency: AlertFrequency };
};
export type SavedSearchDeleted = { readonly type: 'SavedSearchDeleted'; readonly data: Owner & { readonly searchId: string } };

export type ListingFavorited = { readonly type: 'ListingFavorited'; readonly data: Owner & { readonly pdid: string } };
export type ListingUnfavorited = { readonly type: 'ListingUnfavorited'; readonly data: Owner & { readonly pdid: string } };
export type ListingNoteWritten = { readonly type: 'ListingNoteWritten'; readonly data: Owner & { readonly pdid: string; readonly note: string } };
export type Opinion = 'like' | 'dislike' | 'none';
export type ListingOpinionGiven = { readonly type: 'ListingOpinionGiven'; readonly data: Owner & { readonly pdid: string; readonly opinion: Opinion } };
/** The share_mail projection queues one e-mail to toEmail per event (the organizer's share mail sender sends it). */
export type ListingShared = {
  readonly type: 'ListingShared';
  readonly data: Owner & {
    readonly pdid: string;
    readonly toEmail: string;
    readonly message: string;
    /** When the lead shared it (the daily share limit counts these); absent on events written before it existed. */
    readonly at?: string;
  };
};
export type ShowingRequested = {
  readonly type: 'ShowingRequested';
  readonly data: Owner & { readonly pdid: string; readonly preferredAt: string; readonly message: string };
};
export type NotebookCreated = { readonly type: 'NotebookCreated'; readonly data: Owner & { readonly notebookId: string; readonly name: string } };
export type ListingFiledInNotebook = {
  readonly type: 'ListingFiledInNotebook';
  readonly data: Owner & { readonly notebookId: string; readonly pdid: string };
};
/** Taking a listing out of a notebook it was filed in (the listing itself stays whatever else the lead keeps). */
export type ListingRemovedFromNotebook = {
  readonly type: 'ListingRemovedFromNotebook';
  readonly data: Owner & { readonly notebookId: string; readonly pdid: string };
};
export type NotebookFocused = { readonly type: 'NotebookFocused'; readonly data: Owner & { readonly notebookId: string | null } };

export type OrganizerEvent =
  | SavedSearchSaved
  | SavedSearchRenamed
  | SavedSearchFrequencyChanged
  | SavedSearchDeleted
  | ListingFavorited
  | ListingUnfavorited
  | ListingNoteWritten
  | ListingOpinionGiven
  | ListingShared
  | ShowingRequested
  | NotebookCreated
  | ListingFiledInNotebook
  | ListingRemovedFromNotebook
  | NotebookFocused;

export const organizerEventTypes = [
  'SavedSearchSaved',
  'SavedSearchRenamed',
  'SavedSearchFrequencyChanged',
  'SavedSearchDeleted',
  'ListingFavorited',
  'ListingUnfavorited',
  'ListingNoteWritten',
  'ListingOpinionGiven',
  'ListingShared',
  'ShowingRequested',
  'NotebookCreated',
  'ListingFiledInNotebook',
  'ListingRemovedFromNotebook',
  'NotebookFocused',
] as const satisfies readonly OrganizerEvent['type'][];

export const organizerStream = (leadId: string) => `organizer-${leadId}`;
