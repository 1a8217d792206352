import type { KeptListing, ListingBrief, Notebook, OrganizerHeaders } from '../../api/organizer';

/**
 * What the lead keeps on listings (favourite, note, like/dislike, notebooks) and the lead's
 * notebooks, as the web app shows them. The server's read model trails a write by a moment (the
 * organizer projection runs after the command), so a change made here stays 'pending' on top of
 * the server's answer until an answer shows it; a card or page read right after a change never
 * flickers back to the old value.
 */
export type Kept = Omit<KeptListing, 'pdid'>;

/**
 * A listing's local changes: whole field values (the notebooks field is the full list, what
 * filing made it), and the notebooks it was taken out of here (`unfiled`), which an answer
 * confirms by no longer holding them.
 */
export type KeptChange = Partial<Kept> & { readonly unfiled?: readonly string[] };

export type KeptState = {
  /** The server's answer per listing it was asked about (absent from an answer = nothing kept). */
  readonly server: ReadonlyMap<string, Kept>;
  /** Local changes an answer has not shown yet. */
  readonly pending: ReadonlyMap<string, KeptChange>;
  /** Each listing's brief, from answers that carried one (null: no longer listed). */
  readonly briefs: ReadonlyMap<string, ListingBrief | null>;
  /** Null until the first answer. */
  readonly notebooks: readonly Notebook[] | null;
  /** Created here, not in an answer yet. */
  readonly newNotebooks: readonly Notebook[];
  /** Focused here (null: none), until an answer agrees; undefined when nothing is pending. */
  readonly focus: string | null | undefined;
};

export const NOTHING_KEPT: Kept = { favorite: false, note: null, opinion: null, notebooks: [] };
export const EMPTY_STATE: KeptState = { server: new Map(), pending: new Map(), briefs: new Map(), notebooks: null, newNotebooks: [], focus: undefined };

export function keptOf(s: KeptState, pdid: string): Kept {
  const { unfiled, ...change } = s.pending.get(pdid) ?? {};
  const kept = { ...(s.server.get(pdid) ?? NOTHING_KEPT), ...change };
  return unfiled ? { ...kept, notebooks: kept.notebooks.filter((id) => !unfiled.includes(id)) } : kept;
}

/** Whether the server has answered for this listing or it was changed here. */
export const isKnown = (s: KeptState, pdid: string): boolean => s.server.has(pdid) || s.pending.has(pdid);

/** Whether the server shows a local change: filed here = in its list, taken out here = not in it. */
function sameField(k: keyof KeptChange, local: unknown, server: Kept): boolean {
  if (k === 'notebooks') return (local as readonly string[]).every((id) => server.notebooks.includes(id));
  if (k === 'unfiled') return !(local as readonly string[]).some((id) => server.notebooks.includes(id));
  return server[k] === local;
}

/** The local changes the server has not caught up with (an empty result drops the entry). */
function stillPending(local: KeptChange, server: Kept): KeptChange | null {
  const left = Object.fromEntries(Object.entries(local).filter(([k, v]) => !sameField(k as keyof KeptChange, v, server)));
  return Object.keys(left).length ? (left as KeptChange) : null;
}

/**
 * Folds a headers answer in. `asked` lists the pdids the request named; null means the request
 * asked for everything the lead keeps, so listings missing from the answer keep nothing.
 */
export function withAnswer(s: KeptState, asked: readonly string[] | null, answer: OrganizerHeaders): KeptState {
  const server = new Map(asked === null ? [] : s.server);
  for (const pdid of asked ?? []) server.set(pdid, NOTHING_KEPT);
  const briefs = new Map(s.briefs);
  for (const { pdid, favorite, note, opinion, notebooks, listing } of answer.listings) {
    server.set(pdid, { favorite, note, opinion, notebooks });
    if (listing !== undefined) briefs.set(pdid, listing);
  }
  const pending = new Map<string, KeptChange>();
  for (const [pdid, local] of s.pending) {
    const answered = asked === null || asked.includes(pdid);
    const left = answered ? stillPending(local, server.get(pdid) ?? NOTHING_KEPT) : local;
    if (left) pending.set(pdid, left);
  }
  const newNotebooks = s.newNotebooks.filter((n) => !answer.notebooks.some((a) => a.notebookId === n.notebookId));
  const serverFocus = answer.notebooks.find((n) => n.focused)?.notebookId ?? null;
  return { server, pending, briefs, notebooks: answer.notebooks, newNotebooks, focus: s.focus === serverFocus ? undefined : s.focus };
}

/** A change made here (whole field values; notebooks change through withFiled and withUnfiled). */
export const withChange = (s: KeptState, pdid: string, change: Partial<Kept>): KeptState => withPending(s, pdid, { ...s.pending.get(pdid), ...change });

/** Puts a listing's pending entry back as it was (undefined: none), to roll a failed change back. */
export function withPending(s: KeptState, pdid: string, entry: KeptChange | undefined): KeptState {
  const pending = new Map(s.pending);
  if (entry) pending.set(pdid, entry);
  else pending.delete(pdid);
  return { ...s, pending };
}

/** A note's first words, for a marker's label: whole words, an ellipsis when cut. */
export function noteSummary(note: string, words = 8): string {
  const all = note.trim().split(/\s+/).filter(Boolean);
  const head = all.slice(0, words).join(' ');
  const short = head.length > 60 ? `${head.slice(0, 59)}…` : head;
  return all.length > words && short === head ? `${head}…` : short;
}
