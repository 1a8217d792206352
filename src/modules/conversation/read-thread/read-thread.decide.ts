import type { Decider } from '../../../commands/decider';
import type { LeadThreadRead, ThreadEvent } from '../thread.events';

export type ReadThread = LeadThreadRead['data'];

/** How far each reader has read the thread: the item (at, id) of their mark. */
export type ThreadReads = ReadonlyMap<string, { readonly at: string; readonly id: string }>;

/** (at, id) order, as the thread is ordered; `at` is always an ISO instant of one format, ids lower-case uuids. */
const after = (a: { at: string; id: string }, b: { at: string; id: string }): boolean => (a.at !== b.at ? Date.parse(a.at) > Date.parse(b.at) : a.id > b.id);

/** A read mark only moves forwards: reading up to an item at or before the mark appends nothing. */
export function decideReadThread(c: ReadThread, state: ThreadReads): ThreadEvent[] {
  const mark = state.get(c.readerId);
  if (mark && !after({ at: c.upToAt, id: c.upToItemId }, mark)) return [];
  return [{ type: 'LeadThreadRead', data: c }];
}

export const evolveThreadReads = (state: ThreadReads, e: ThreadEvent): ThreadReads =>
  new Map(state).set(e.data.readerId, { at: e.data.upToAt, id: e.data.upToItemId });

export const readThreadDecider: Decider<ThreadReads, ReadThread, ThreadEvent> = {
  initialState: () => new Map(),
  evolve: evolveThreadReads,
  decide: decideReadThread,
};
