import { useEffect, useSyncExternalStore } from 'react';
import { organizerHeaders } from '../../api/organizer';
import { useCurrentUser } from '../../app/currentUser';
import { EMPTY_STATE, isKnown, type Kept, keptOf, type KeptState, withAnswer, withChange, withPending } from './keptModel';

/**
 * One store per page load (signing in or out reloads the page) for what the lead keeps, shared
 * by result cards, the listing page and the organizer page, so a change made on one shows on the
 * others without asking the server again.
 */
let state: KeptState = EMPTY_STATE;
const listeners = new Set<() => void>();

export const keptState = (): KeptState => state;

export function updateKept(next: (s: KeptState) => KeptState): void {
  const s = next(state);
  if (s === state) return;
  state = s;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useKeptState = (): KeptState => useSyncExternalStore(subscribe, keptState, keptState);

/** One listing's kept state; re-renders only when that listing's state changes. */
export function useKept(pdid: string): Kept {
  const key = useSyncExternalStore(subscribe, () => JSON.stringify(keptOf(state, pdid)));
  return JSON.parse(key) as Kept;
}

/** Asks the server (one request) about these listings, or about everything the lead keeps (null); `briefs` also asks for each listing's brief. */
export async function loadKept(pdids: readonly string[] | null, briefs = false): Promise<void> {
  const answer = await organizerHeaders(pdids, briefs);
  updateKept((s) => withAnswer(s, pdids, answer));
}

/**
 * An optimistic change to one listing (field values, or a function of the state such as
 * withFiled): shown at once, put back if the server refuses (the error is thrown on for the
 * caller to tell the lead).
 */
export async function changeKept(pdid: string, change: Partial<Kept> | ((s: KeptState) => KeptState), send: () => Promise<unknown>): Promise<void> {
  const before = state.pending.get(pdid);
  updateKept(typeof change === 'function' ? change : (s) => withChange(s, pdid, change));
  try {
    await send();
  } catch (err) {
    updateKept((s) => withPending(s, pdid, before));
    throw err;
  }
}

/**
 * For a signed-in lead, keeps the state of these listings fresh: one request per set of
 * listings (a results page), again when the tab comes back into view (the lead may have changed
 * a listing in another tab). `onlyUnknown` skips listings already known (the map's popup card).
 */
export function useKeptHeaders(pdids: readonly string[], onlyUnknown = false): void {
  const { user } = useCurrentUser();
  const key = pdids.join(',');
  useEffect(() => {
    if (!user || !key) return;
    const wanted = key.split(',');
    const load = () => {
      const ask = onlyUnknown ? wanted.filter((p) => !isKnown(state, p)) : wanted;
      if (ask.length) void loadKept(ask).catch(() => undefined);
    };
    load();
    const onVisible = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [user, key, onlyUnknown]);
}
