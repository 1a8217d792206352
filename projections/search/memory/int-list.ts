/** A growable list of slots in an Int32Array: 4 bytes a posting, where a JS array of numbers takes 8 and a Set about 20. */
export class IntList {
  items: Int32Array;
  length = 0;

  constructor(capacity = 4) {
    this.items = new Int32Array(capacity);
  }

  push(v: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(Math.max(4, Math.ceil(this.items.length * 1.5)));
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = v;
  }

  /** Removes one occurrence (order is not kept: postings are sets). */
  remove(v: number): void {
    const items = this.items;
    for (let i = 0; i < this.length; i++) {
      if (items[i] === v) {
        items[i] = items[--this.length]!;
        return;
      }
    }
  }
}

const ONE = new Int32Array(1);

/**
 * Slots by key: the inverted index of keyword words, and the lists of cities, zips and grid
 * cells. A key of one listing (an MLS number's word, a house number) holds the slot itself, not
 * a list: most keys are such, and a list costs about a hundred bytes more.
 */
export class Postings<K> {
  private readonly lists = new Map<unknown, IntList | number>();

  /** `keyOf`: what the map holds for a key (keywordKey: a house number as a number, not a string). */
  constructor(private readonly keyOf: (key: K) => unknown = (key) => key) {}

  add(k: K, slot: number): void {
    const key = this.keyOf(k);
    const held = this.lists.get(key);
    if (held === undefined) this.lists.set(key, slot);
    else if (typeof held === 'number') {
      const list = new IntList();
      list.push(held);
      list.push(slot);
      this.lists.set(key, list);
    } else held.push(slot);
  }

  remove(k: K, slot: number): void {
    const key = this.keyOf(k);
    const held = this.lists.get(key);
    if (held === undefined) return;
    if (typeof held === 'number') {
      if (held === slot) this.lists.delete(key);
      return;
    }
    held.remove(slot);
    if (held.length === 1) this.lists.set(key, held.items[0]!);
    else if (held.length === 0) this.lists.delete(key);
  }

  get(key: K): IntList | undefined {
    const held = this.lists.get(this.keyOf(key));
    if (typeof held !== 'number') return held;
    const one = new IntList(1);
    one.push(held);
    return one;
  }

  /** Each key's slots as a run of an Int32Array (a key of one listing lends a shared one-slot array). */
  each(key: K, visit: (items: Int32Array, n: number) => void): void {
    const held = this.lists.get(this.keyOf(key));
    if (held === undefined) return;
    if (typeof held === 'number') {
      ONE[0] = held;
      visit(ONE, 1);
    } else visit(held.items, held.length);
  }

  /** The keys as held (those of postings without a `keyOf`). */
  keys(): IterableIterator<K> {
    return this.lists.keys() as IterableIterator<K>;
  }

  get keyCount(): number {
    return this.lists.size;
  }

  size(key: K): number {
    const held = this.lists.get(this.keyOf(key));
    return held === undefined ? 0 : typeof held === 'number' ? 1 : held.length;
  }
}

/**
 * A keyword word as the words' postings hold it: digits of a number below 2^30 without a leading
 * zero (a house number, an MLS number's digits: most of a million listings' words) as that
 * number, which the map holds inline; a JS string of each would cost about 24 bytes more.
 */
export const keywordKey = (word: string): string | number => (word.length <= 9 && /^[1-9][0-9]*$/.test(word) ? Number(word) : word);
