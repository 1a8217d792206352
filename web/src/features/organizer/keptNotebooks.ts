import type { ListingBrief, Notebook } from '../../api/organizer';
import { addressLine } from '../../ui/format';
import { keptOf, type KeptState, withPending } from './keptModel';

/*
 * What the organizer page and the notebook picker read from and do to the kept state: notebooks,
 * briefs, favourites. Apart from keptModel, which every result card's store needs: the search
 * page's first load carries none of this.
 */

/** A listing's brief: undefined when no answer carried one, null when it is no longer listed. */
export const briefOf = (s: KeptState, pdid: string): ListingBrief | null | undefined => s.briefs.get(pdid);

/** How buttons name a kept home: its address when known, else its pdid. */
export function homeLabel(s: KeptState, pdid: string): string {
  const brief = briefOf(s, pdid);
  return (brief && addressLine(brief)) || pdid;
}

/** Filed here in a notebook (no longer taken out of it, if it was). */
export function withFiled(s: KeptState, pdid: string, notebookId: string): KeptState {
  const { unfiled = [], ...rest } = s.pending.get(pdid) ?? {};
  const left = unfiled.filter((id) => id !== notebookId);
  return withPending(s, pdid, { ...rest, notebooks: [...new Set([...keptOf(s, pdid).notebooks, notebookId])], ...(left.length ? { unfiled: left } : {}) });
}

/** Taken out of a notebook here. */
export function withUnfiled(s: KeptState, pdid: string, notebookId: string): KeptState {
  const { notebooks, unfiled = [], ...rest } = s.pending.get(pdid) ?? {};
  const filed = notebooks?.filter((id) => id !== notebookId);
  return withPending(s, pdid, { ...rest, ...(filed ? { notebooks: filed } : {}), unfiled: [...new Set([...unfiled, notebookId])] });
}

export const withNotebook = (s: KeptState, n: Omit<Notebook, 'focused'>): KeptState =>
  notebooksOf(s).some((x) => x.notebookId === n.notebookId) ? s : { ...s, newNotebooks: [...s.newNotebooks, { ...n, focused: false }] };

export const withFocus = (s: KeptState, notebookId: string | null | undefined): KeptState => ({ ...s, focus: notebookId });

/** The lead's notebooks, oldest first, with what was created or focused here. */
export function notebooksOf(s: KeptState): readonly Notebook[] {
  const all = [...(s.notebooks ?? []), ...s.newNotebooks];
  return s.focus === undefined ? all : all.map((n) => ({ ...n, focused: n.notebookId === s.focus }));
}

/** The listings filed in a notebook, among those the state knows. */
export function listingsIn(s: KeptState, notebookId: string): string[] {
  const pdids = new Set([...s.server.keys(), ...s.pending.keys()]);
  return [...pdids].filter((pdid) => keptOf(s, pdid).notebooks.includes(notebookId));
}

/** The listings the lead favourited, among those the state knows. */
export const favoritesOf = (s: KeptState): string[] => [...new Set([...s.server.keys(), ...s.pending.keys()])].filter((pdid) => keptOf(s, pdid).favorite);
