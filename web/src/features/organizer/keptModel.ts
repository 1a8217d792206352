import type { KeptListing, Notebook, OrganizerHeaders } from '../../api/organizer';

/**
 * What the lead keeps on listings (favourite, note, like/dislike, notebooks) and the lead's
 * notebooks, as the web app shows them. The server's read model trails a write by a moment (the
 * organizer projection runs after the command), so a change made here stays 'pending' on top of
 * the server's answer until an answer shows it; a card or page read right after a change never
 * flickers back to the old value.
 */
export type Kept = Omit<KeptListing, 'pdid'>;

export type KeptState = {
  /** The server's answer per listing it was asked about (absent from an answer = nothing kept). */
  readonly server: ReadonlyMap<string, Kept>;
  /** Local changes an answer has not shown yet. */
  readonly pending: ReadonlyMap<string, Partial<Kept>>;
  /** Null until the first answer. */
  readonly notebooks: readonly Notebook[] | null;
  /** Created here, not in an answer yet. */
  readonly newNotebooks: readonly Notebook[];
  /** Focused here (null: none), until an answer agrees; undefined when nothing is pending. */
  readonly focus: string | null | undefined;
};

export const NOTHING_KEPT: Kept = { favorite: false, note: null, opinion: null, notebooks: [] };
export const EMPTY_STATE: KeptState = { server: new Map(), pending: new Map(), notebooks: null, newNotebooks: [], focus: undefined };

export const keptOf = (s: KeptState, pdid: string): Kept => ({ ...(s.server.get(pdid) ?? NOTHING_KEPT), ...s.pending.get(pdid) });

/** Whether the server has answered for this listing or it was changed here. */
export const isKnown = (s: KeptState, pdid: string): boolean => s.server.has(pdid) || s.pending.has(pdid);

const sameField = <K extends keyof Kept>(k: K, local: Kept[K], server: Kept): boolean =>
  k === 'notebooks' ? (local as readonly string[]).every((id) => server.notebooks.includes(id)) : server[k] === local;

/** The local changes the server has not caught up with (an empty result drops the entry). */
function stillPending(local: Partial<Kept>, server: Kept): Partial<Kept> | null {
  const left = Object.fromEntries(Object.entries(local).filter(([k, v]) => !sameField(k as keyof Kept, v as never, server)));
  return Object.keys(left).length ? (left as Partial<Kept>) : null;
}

/**
 * Folds a headers answer in. `asked` lists the pdids the request named; null means the request
 * asked for everything the lead keeps, so listings missing from the answer keep nothing.
 */
export function withAnswer(s: KeptState, asked: readonly string[] | null, answer: OrganizerHeaders): KeptState {
  const server = new Map(asked === null ? [] : s.server);
  for (const pdid of asked ?? []) server.set(pdid, NOTHING_KEPT);
  for (const { pdid, favorite, note, opinion, notebooks } of answer.listings) server.set(pdid, { favorite, note, opinion, notebooks });
  const pending = new Map<string, Partial<Kept>>();
  for (const [pdid, local] of s.pending) {
    const answered = asked === null || asked.includes(pdid);
    const left = answered ? stillPending(local, server.get(pdid) ?? NOTHING_KEPT) : local;
    if (left) pending.set(pdid, left);
  }
  const newNotebooks = s.newNotebooks.filter((n) => !answer.notebooks.some((a) => a.notebookId === n.notebookId));
  const serverFocus = answer.notebooks.find((n) => n.focused)?.notebookId ?? null;
  return { server, pending, notebooks: answer.notebooks, newNotebooks, focus: s.focus === serverFocus ? undefined : s.focus };
}

/** A change made here (whole field values: the notebooks field is the full list). */
export const withChange = (s: KeptState, pdid: string, change: Partial<Kept>): KeptState => withPending(s, pdid, { ...s.pending.get(pdid), ...change });

/** Puts a listing's pending entry back as it was (undefined: none), to roll a failed change back. */
export function withPending(s: KeptState, pdid: string, entry: Partial<Kept> | undefined): KeptState {
  const pending = new Map(s.pending);
  if (entry) pending.set(pdid, entry);
  else pending.delete(pdid);
  return { ...s, pending };
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

/** A note's first words, for a marker's label: whole words, an ellipsis when cut. */
export function noteSummary(note: string, words = 8): string {
  const all = note.trim().split(/\s+/).filter(Boolean);
  const head = all.slice(0, words).join(' ');
  const short = head.length > 60 ? `${head.slice(0, 59)}…` : head;
  return all.length > words && short === head ? `${head}…` : short;
}
