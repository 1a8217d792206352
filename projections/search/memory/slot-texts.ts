/** Where a slot's texts are: ListingColumns' int columns (a run's start in the pool and each text's bytes, -1 for null). */
export type TextColumns = {
  readonly textAt: Int32Array;
  readonly pdidBytes: Int32Array;
  readonly addressBytes: Int32Array;
  readonly listingIdBytes: Int32Array;
};

/** A run's texts in the order they are written. */
const PARTS = ['pdidBytes', 'addressBytes', 'listingIdBytes'] as const;
type Part = (typeof PARTS)[number];

/** Texts up to this many bytes are decoded and encoded in JS when they are ASCII. */
const SHORT = 64;

/** Freed bytes tolerated before the pool is written again without them. */
const GARBAGE_MIN = 1 << 20;

/** FNV-1a over bytes: the key table's hash. */
function hashOf(bytes: Uint8Array, at: number, n: number): number {
  let h = 0x811c9dc5;
  for (let k = at; k < at + n; k++) h = Math.imul(h ^ bytes[k]!, 0x01000193);
  return h >>> 0;
}

/**
 * The strings a listing alone holds (its key, street address and MLS number) as UTF-8 runs in one
 * byte pool, one run a slot, and the slot of each key in an open-addressing table of Int32s. At a
 * million listings, three million JS strings, the arrays holding them and a Map from key to slot
 * took about three times these bytes, and each was an object the garbage collector walked. A
 * string is made only when asked for (the cards of a page, a fold's doc).
 */
export class SlotTexts {
  private pool: Buffer;
  private used: number;
  private garbage = 0;
  /** slot + 1 by hash of the key; 0 never used, -1 a key that went (probes pass over it). */
  private table = new Int32Array(1024);
  private live = 0;
  private gone = 0;
  private scratch = Buffer.alloc(256);

  /** `pool`: a snapshot's bytes, the runs of slots 0 to `count` - 1 as `cols` say. */
  constructor(
    private readonly cols: TextColumns,
    pool: Uint8Array = new Uint8Array(0),
    count = 0,
  ) {
    this.pool = Buffer.from(pool.buffer, pool.byteOffset, pool.byteLength);
    this.used = pool.byteLength;
    for (let slot = 0; slot < count; slot++) if (cols.pdidBytes[slot]! >= 0) this.index(slot);
  }

  /** Listings held. */
  get size(): number {
    return this.live;
  }

  /** The pool's bytes in use (what a snapshot keeps). */
  image(): Uint8Array {
    return this.pool.subarray(0, this.used);
  }

  private text(slot: number, part: Part): string | null {
    const n = this.cols[part][slot]!;
    if (n < 0) return null;
    let at = this.cols.textAt[slot]!;
    for (const p of PARTS) {
      if (p === part) break;
      at += Math.max(0, this.cols[p][slot]!);
    }
    return this.decode(at, n);
  }

  /** UTF-8 bytes as a string; a short ASCII run (nearly every key, address and MLS number) without a call into Node's decoder, which costs about a microsecond a call. */
  private decode(at: number, n: number): string {
    const { pool } = this;
    if (n <= SHORT) {
      let k = at;
      while (k < at + n && pool[k]! < 0x80) k++;
      if (k === at + n) return String.fromCharCode.apply(null, pool.subarray(at, at + n) as unknown as number[]);
    }
    return pool.toString('utf8', at, at + n);
  }

  /** Writes a key's UTF-8 bytes into the scratch buffer (ASCII without a call into Node's encoder); answers their count. */
  private encode(key: string): number {
    if (key.length <= SHORT && key.length <= this.scratch.length) {
      let k = 0;
      for (; k < key.length; k++) {
        const c = key.charCodeAt(k);
        if (c >= 0x80) break;
        this.scratch[k] = c;
      }
      if (k === key.length) return k;
    }
    const n = Buffer.byteLength(key);
    if (n > this.scratch.length) this.scratch = Buffer.alloc(n * 2);
    return this.scratch.write(key, 0);
  }

  pdid(slot: number): string | null {
    return this.text(slot, 'pdidBytes');
  }

  address(slot: number): string | null {
    return this.text(slot, 'addressBytes');
  }

  listingId(slot: number): string | null {
    return this.text(slot, 'listingIdBytes');
  }

  /** Two slots' keys in byte order (orderSql's last key). */
  comparePdids(a: number, b: number): number {
    const { pool } = this;
    const pa = this.cols.textAt[a]!;
    const pb = this.cols.textAt[b]!;
    const na = this.cols.pdidBytes[a]!;
    const nb = this.cols.pdidBytes[b]!;
    const n = Math.min(na, nb);
    for (let k = 0; k < n; k++) {
      const d = pool[pa + k]! - pool[pb + k]!;
      if (d !== 0) return d;
    }
    return na - nb;
  }

  /** The slot of a key, if a listing holds it. */
  slotOf(pdid: string): number | undefined {
    const n = this.encode(pdid);
    const mask = this.table.length - 1;
    for (let at = hashOf(this.scratch, 0, n) & mask; ; at = (at + 1) & mask) {
      const held = this.table[at]!;
      if (held === 0) return undefined;
      if (held > 0 && this.sameKey(held - 1, n)) return held - 1;
    }
  }

  private sameKey(slot: number, n: number): boolean {
    if (this.cols.pdidBytes[slot] !== n) return false;
    const at = this.cols.textAt[slot]!;
    for (let k = 0; k < n; k++) if (this.pool[at + k] !== this.scratch[k]) return false;
    return true;
  }

  /** Writes a slot's texts (a new slot's key goes into the table); unchanged texts keep their run. */
  set(slot: number, pdid: string, address: string | null, listingId: string | null): void {
    const fresh = this.cols.pdidBytes[slot]! < 0;
    if (!fresh && this.address(slot) === address && this.listingId(slot) === listingId) return;
    if (!fresh) this.garbage += this.runBytes(slot);
    const texts = [pdid, address, listingId];
    const bytes = texts.map((t) => (t === null ? -1 : Buffer.byteLength(t)));
    const need = bytes.reduce((s, n) => s + Math.max(0, n), 0);
    if (this.garbage > GARBAGE_MIN && this.garbage > this.used / 2) this.compact(fresh ? undefined : slot);
    if (this.used + need > this.pool.length) {
      const grown = Buffer.alloc(Math.max(4096, this.pool.length * 2, this.used + need));
      this.pool.copy(grown, 0, 0, this.used);
      this.pool = grown;
    }
    this.cols.textAt[slot] = this.used;
    PARTS.forEach((p, k) => {
      this.cols[p][slot] = bytes[k]!;
      if (texts[k] !== null) this.used += this.pool.write(texts[k], this.used);
    });
    if (fresh) this.index(slot);
  }

  /** A slot's listing went: its key leaves the table, its run is garbage. */
  clear(slot: number): void {
    const n = this.cols.pdidBytes[slot]!;
    if (n < 0) return;
    const mask = this.table.length - 1;
    for (let at = hashOf(this.pool, this.cols.textAt[slot]!, n) & mask; this.table[at] !== 0; at = (at + 1) & mask) {
      if (this.table[at] === slot + 1) {
        this.table[at] = -1;
        this.live--;
        this.gone++;
        break;
      }
    }
    this.garbage += this.runBytes(slot);
    for (const p of PARTS) this.cols[p][slot] = -1;
  }

  private runBytes(slot: number): number {
    return PARTS.reduce((s, p) => s + Math.max(0, this.cols[p][slot]!), 0);
  }

  /** Puts a slot's key in the table (known not to be there), growing it past half full. */
  private index(slot: number): void {
    // At most half full, 4 to 8 bytes a key.
    if ((this.live + this.gone + 1) * 2 > this.table.length) this.rehash(Math.max(1024, 2 ** Math.ceil(Math.log2((this.live + 1) * 2))));
    const mask = this.table.length - 1;
    let at = hashOf(this.pool, this.cols.textAt[slot]!, this.cols.pdidBytes[slot]!) & mask;
    while (this.table[at]! > 0) at = (at + 1) & mask;
    if (this.table[at] === -1) this.gone--;
    this.table[at] = slot + 1;
    this.live++;
  }

  private rehash(size: number): void {
    const held = this.table;
    this.table = new Int32Array(size);
    this.live = 0;
    this.gone = 0;
    for (const v of held) if (v > 0) this.index(v - 1);
  }

  /** The pool again with only the runs of slots that hold a listing (`except`: one about to be written anew). */
  private compact(except: number | undefined): void {
    const { textAt } = this.cols;
    const pool = Buffer.alloc(Math.max(4096, (this.used - this.garbage) * 2));
    let used = 0;
    for (let slot = 0; slot < textAt.length; slot++) {
      if (this.cols.pdidBytes[slot]! < 0 || slot === except) continue;
      const n = this.runBytes(slot);
      this.pool.copy(pool, used, textAt[slot]!, textAt[slot]! + n);
      textAt[slot] = used;
      used += n;
    }
    this.pool = pool;
    this.used = used;
    this.garbage = 0;
  }
}
