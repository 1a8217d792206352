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

/** Slots by key: the inverted index of keyword words, and the lists of cities, zips, MLS numbers and grid cells. */
export class Postings<K> {
  private readonly lists = new Map<K, IntList>();

  add(key: K, slot: number): void {
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = new IntList()));
    list.push(slot);
  }

  remove(key: K, slot: number): void {
    const list = this.lists.get(key);
    if (!list) return;
    list.remove(slot);
    if (list.length === 0) this.lists.delete(key);
  }

  get(key: K): IntList | undefined {
    return this.lists.get(key);
  }

  size(key: K): number {
    return this.lists.get(key)?.length ?? 0;
  }
}
