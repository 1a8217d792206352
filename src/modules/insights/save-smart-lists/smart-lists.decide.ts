import type { Decider } from '../../../commands/decider';
import { assertNever, conflict, notFound, validation } from '../../../shared/errors';
import { DEFAULT_SMART_LISTS } from './default-smart-lists';
import type { SmartListEvent, SmartListFilters } from '../smart-lists.events';

export type SmartList = { readonly listId: string; readonly name: string; readonly filters: SmartListFilters };
/** A user's smart lists, in the order they were created. */
export type SmartLists = { readonly lists: ReadonlyMap<string, SmartList> };

export const MAX_SMART_LISTS = 25;
export const SMART_LIST_MESSAGES = {
  taken: (name: string) => `You already have a smart list named "${name}"`,
  reserved: (name: string) => `"${name}" is one of the default smart lists; choose another name`,
  tooMany: `At most ${MAX_SMART_LISTS} smart lists; delete one first`,
  noSuch: 'No such smart list',
} as const;

export type SmartListCommand =
  | { readonly kind: 'create'; readonly userId: string; readonly listId: string; readonly name: string; readonly filters: SmartListFilters }
  | { readonly kind: 'update'; readonly userId: string; readonly listId: string; readonly name: string; readonly filters: SmartListFilters }
  | { readonly kind: 'delete'; readonly userId: string; readonly listId: string };

export const initialSmartLists = (): SmartLists => ({ lists: new Map() });

export function evolveSmartLists(state: SmartLists, e: SmartListEvent): SmartLists {
  const lists = new Map(state.lists);
  switch (e.type) {
    case 'SmartListSaved':
      lists.set(e.data.listId, { listId: e.data.listId, name: e.data.name, filters: e.data.filters });
      return { lists };
    case 'SmartListDeleted':
      lists.delete(e.data.listId);
      return { lists };
    default:
      return assertNever(e);
  }
}

const key = (name: string) => name.trim().toLocaleLowerCase('en-US');
/** Key order is not meaning (the event store's JSON keeps its own order). */
const canonical = (f: SmartListFilters) =>
  JSON.stringify(
    Object.keys(f)
      .sort()
      .map((k) => [k, f[k]]),
  );
const sameFilters = (a: SmartListFilters, b: SmartListFilters) => canonical(a) === canonical(b);

/** The name must be free: no other list of the user's has it, whatever the case, and it is not a default list's. */
function checkName(state: SmartLists, name: string, listId: string): void {
  const reserved = DEFAULT_SMART_LISTS.find((d) => key(d.name) === key(name));
  if (reserved) throw conflict(SMART_LIST_MESSAGES.reserved(reserved.name));
  for (const l of state.lists.values()) if (l.listId !== listId && key(l.name) === key(name)) throw conflict(SMART_LIST_MESSAGES.taken(l.name));
}

/**
 * Saving a list the user already has under that name with the same filters decides nothing (a
 * retried request), so the caller answers the existing list.
 */
export function decideSmartLists(c: SmartListCommand, state: SmartLists): SmartListEvent[] {
  switch (c.kind) {
    case 'create': {
      const same = [...state.lists.values()].find((l) => key(l.name) === key(c.name) && sameFilters(l.filters, c.filters));
      if (same) return [];
      checkName(state, c.name, c.listId);
      if (state.lists.size >= MAX_SMART_LISTS) throw validation(SMART_LIST_MESSAGES.tooMany);
      return [{ type: 'SmartListSaved', data: { userId: c.userId, listId: c.listId, name: c.name, filters: c.filters } }];
    }
    case 'update': {
      const list = state.lists.get(c.listId);
      if (!list) throw notFound(SMART_LIST_MESSAGES.noSuch);
      if (list.name === c.name && sameFilters(list.filters, c.filters)) return [];
      checkName(state, c.name, c.listId);
      return [{ type: 'SmartListSaved', data: { userId: c.userId, listId: c.listId, name: c.name, filters: c.filters } }];
    }
    case 'delete':
      if (!state.lists.has(c.listId)) throw notFound(SMART_LIST_MESSAGES.noSuch);
      return [{ type: 'SmartListDeleted', data: { userId: c.userId, listId: c.listId } }];
    default:
      return assertNever(c);
  }
}

export const smartListsDecider: Decider<SmartLists, SmartListCommand, SmartListEvent> = {
  initialState: initialSmartLists,
  evolve: evolveSmartLists,
  decide: decideSmartLists,
};
