/**
 * A user's smart lists (issue 15): lead list filters saved under a name, on the stream
 * `smartlists-{userId}`. The filters are kept as the list's query gives them (`{stage: "New",
 * lastActivity: "7d"}`), so a relative window stays relative and a list opens as a link would.
 */
export type SmartListFilters = Readonly<Record<string, string | readonly string[]>>;

/** Created, or renamed / refiltered (same listId). */
export type SmartListSaved = {
  readonly type: 'SmartListSaved';
  readonly data: { readonly userId: string; readonly listId: string; readonly name: string; readonly filters: SmartListFilters };
};

export type SmartListDeleted = { readonly type: 'SmartListDeleted'; readonly data: { readonly userId: string; readonly listId: string } };

export type SmartListEvent = SmartListSaved | SmartListDeleted;
export const smartListEventTypes = ['SmartListSaved', 'SmartListDeleted'] as const satisfies readonly SmartListEvent['type'][];
export const smartListsStream = (userId: string) => `smartlists-${userId}`;
