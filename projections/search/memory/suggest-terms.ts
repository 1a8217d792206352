import type { ListingRecord } from '../../../src/modules/listings/listings.events';
import type { SearchFields } from '../search-document';
import type { Suggestion, SuggestionKind } from '../search-index.port';
import { Postings } from './int-list';

type NameKind = 'city' | 'county' | 'zip';
type Name = { label: string; n: number };

/** Addresses and MLS numbers are found through the slots whose key starts with the same two characters (autocomplete asks for two at least). */
export const PREFIX = 2;

/** A listing's part in the autocomplete names: searchable listings only, each name with the label it came with. */
export function namesOf(d: SearchFields, r: Pick<ListingRecord, 'City' | 'CountyOrParish'>): [NameKind, string, string][] {
  if (d.grp === 0) return [];
  const out: [NameKind, string, string][] = [];
  if (d.cityKey && r.City) out.push(['city', d.cityKey, r.City]);
  if (d.countyKey && r.CountyOrParish) out.push(['county', d.countyKey, r.CountyOrParish]);
  if (d.zip5) out.push(['zip', d.zip5, d.zip5]);
  return out;
}

const sameNames = (a: readonly [NameKind, string, string][], b: readonly [NameKind, string, string][]) =>
  a.length === b.length && a.every((x, k) => x[0] === b[k]![0] && x[1] === b[k]![1]);

/** What a slot of the columns answers the prefix search with (its search fields are derived once per candidate). */
export type SlotReader = {
  readonly grp: (slot: number) => number;
  readonly addressKey: (slot: number) => string | null;
  readonly mlsidKey: (slot: number) => string | null;
  readonly address: (slot: number) => string | null;
  readonly city: (slot: number) => string | null;
  readonly zip5: (slot: number) => string | null;
  readonly listingId: (slot: number) => string | null;
  readonly pdid: (slot: number) => string | null;
};

/**
 * The in-memory prefix structure autocomplete and the listing picker read: the city, county and
 * zip names of searchable listings with how many hold each (as search_terms counts them), and
 * the slots by the first characters of their address key and MLS number key.
 */
export class SuggestTerms {
  private readonly names: Record<NameKind, Map<string, Name>> = { city: new Map(), county: new Map(), zip: new Map() };
  /**
   * Each kind's keys in byte order (a name and every later word of it: "lake forest park",
   * "forest park", "park"), beside the name each stands for: a term's matches are one range.
   * Made again at the first suggestion after a name came or went (counts alone change it not).
   */
  private readonly sorted: Record<NameKind, { keys: string[]; names: string[] } | undefined> = { city: undefined, county: undefined, zip: undefined };
  readonly addresses = new Postings<string>();
  readonly mlsids = new Postings<string>();

  /** Moves a listing's names and prefixes from what it was (undefined: new) to what it is (undefined: gone). */
  update(
    slot: number,
    was: [SearchFields, Pick<ListingRecord, 'City' | 'CountyOrParish'>] | undefined,
    now: [SearchFields, Pick<ListingRecord, 'City' | 'CountyOrParish'>] | undefined,
  ): void {
    const before = was ? namesOf(...was) : [];
    const after = now ? namesOf(...now) : [];
    if (!sameNames(before, after)) {
      for (const [kind, name] of before) {
        const held = this.names[kind].get(name);
        // A name no listing holds any more goes, label and all (search_terms deletes its row at 0).
        if (held && --held.n <= 0) {
          this.names[kind].delete(name);
          this.sorted[kind] = undefined;
        }
      }
      for (const [kind, name, label] of after) {
        const held = this.names[kind].get(name);
        if (held) held.n++;
        else {
          this.names[kind].set(name, { label, n: 1 });
          this.sorted[kind] = undefined;
        }
      }
    }
    const prefix = (key: string | null | undefined) => (key ? key.slice(0, PREFIX) : undefined);
    for (const [postings, key] of [
      [this.addresses, (f: SearchFields) => f.addressKey],
      [this.mlsids, (f: SearchFields) => f.mlsidKey],
    ] as const) {
      const a = prefix(was && key(was[0]));
      const b = prefix(now && key(now[0]));
      if (a === b) continue;
      if (a !== undefined) postings.remove(a, slot);
      if (b !== undefined) postings.add(b, slot);
    }
  }

  /** The slots whose key may start with `term`: those of its first characters, or every slot for a shorter term. */
  candidates(postings: Postings<string>, term: string, count: number): Iterable<number> {
    if (term.length < PREFIX) return Array.from({ length: count }, (_, k) => k);
    const list = postings.get(term.slice(0, PREFIX));
    return list ? list.items.subarray(0, list.length) : [];
  }

  /**
   * The port's suggest over memory, by the rules of postgres/suggest.ts: names one of whose words
   * starts with the term, whole-name matches first, then most listings, then by name; addresses
   * (with city and zip, once each) and MLS numbers of searchable listings by key.
   */
  suggest(read: SlotReader, count: number, kinds: readonly SuggestionKind[], term: string, limit: number): Suggestion[] {
    const out: Suggestion[] = [];
    const want = new Set(kinds);
    if (want.has('address')) out.push(...this.addressesFor(read, count, term, limit));
    for (const kind of ['city', 'county'] as const) if (want.has(kind)) out.push(...this.namesFor(kind, term, limit));
    if (want.has('mlsid')) out.push(...this.mlsidsFor(read, count, term, limit));
    if (want.has('zip')) out.push(...this.namesFor('zip', term, limit));
    return out;
  }

  private namesFor(kind: NameKind, term: string, limit: number): Suggestion[] {
    const { keys, names } = this.keysOf(kind);
    const found: { name: string; label: string; n: number; whole: boolean }[] = [];
    const seen = new Set<string>();
    for (let k = lowerBound(keys, term); k < keys.length && keys[k]!.startsWith(term); k++) {
      const name = names[k]!;
      if (seen.has(name)) continue;
      seen.add(name);
      const held = this.names[kind].get(name)!;
      found.push({ name, label: held.label, n: held.n, whole: name.startsWith(term) });
    }
    found.sort((a, b) => Number(b.whole) - Number(a.whole) || b.n - a.n || byBytes(a.name, b.name));
    return found.slice(0, limit).map((f) => ({ kind, value: f.label, label: f.label }));
  }

  private keysOf(kind: NameKind): { keys: string[]; names: string[] } {
    let held = this.sorted[kind];
    if (!held) {
      const pairs: [string, string][] = [];
      for (const name of this.names[kind].keys()) {
        pairs.push([name, name]);
        for (let i = name.indexOf(' '); i >= 0; i = name.indexOf(' ', i + 1)) pairs.push([name.slice(i + 1), name]);
      }
      pairs.sort((a, b) => byBytes(a[0], b[0]));
      held = this.sorted[kind] = { keys: pairs.map((p) => p[0]), names: pairs.map((p) => p[1]) };
    }
    return held;
  }

  private addressesFor(read: SlotReader, count: number, term: string, limit: number): Suggestion[] {
    const seen = new Map<string, { key: string; city: string | null; zip: string | null; value: string }>();
    for (const slot of this.candidates(this.addresses, term, count)) {
      if (read.grp(slot) === 0) continue;
      const key = read.addressKey(slot);
      if (key === null || !key.startsWith(term)) continue;
      const city = read.city(slot);
      const zip = read.zip5(slot);
      const id = `${key}\u0000${city ?? ''}\u0001${zip ?? ''}`;
      if (seen.has(id)) continue;
      const place = [city, zip].filter((p) => p !== null).join(' ');
      seen.set(id, { key, city, zip, value: `${read.address(slot)}${place ? `, ${place}` : ''}` });
    }
    return [...seen.values()]
      .sort((a, b) => byBytes(a.key, b.key) || nullsLast(a.city, b.city) || nullsLast(a.zip, b.zip))
      .slice(0, limit)
      .map((a) => ({ kind: 'address', value: a.value, label: a.value }));
  }

  private mlsidsFor(read: SlotReader, count: number, term: string, limit: number): Suggestion[] {
    const seen = new Map<string, string>();
    for (const slot of this.candidates(this.mlsids, term, count)) {
      if (read.grp(slot) === 0) continue;
      const key = read.mlsidKey(slot);
      if (key === null || !key.startsWith(term) || seen.has(key)) continue;
      seen.set(key, read.listingId(slot)!);
    }
    return [...seen]
      .sort((a, b) => byBytes(a[0], b[0]))
      .slice(0, limit)
      .map(([, value]) => ({ kind: 'mlsid', value, label: value }));
  }
}

/** The first place in sorted `keys` whose key is not before `term`. */
function lowerBound(keys: readonly string[], term: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < term) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const byBytes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** As ORDER BY sorts ascending: nulls after every value. */
export const nullsLast = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : byBytes(a, b));
