import type { ListingRecord, OpenHouse } from '../../../src/modules/listings/listings.events';
import { deriveSearchFields, deriveSearchFieldsOnce, type SearchDoc, type SearchFields } from '../search-document';
import { keywordKey, Postings } from './int-list';
import { SuggestTerms } from './suggest-terms';
import { FineCells, fineKey } from './fine-cells';
import { SlotTexts } from './slot-texts';

/** Map cells of the grid the spatial postings use: level 10 (0.35°), about a city; rows and columns of level-20 cells >> 10. */
export const GRID_SHIFT = 10;
export const gridKey = (cy: number, cx: number): number => (cy >> GRID_SHIFT) * 1024 + (cx >> GRID_SHIFT);

/** Numbers (NaN for null): what criteria compare and sorts order, and the prices the fold needs again. */
const F64 = [
  'listPrice',
  'closePrice',
  'originalListPrice',
  'previousListPrice',
  'maxListPrice',
  'price',
  'beds',
  'baths',
  'sqft',
  'lat',
  'lng',
  'ux',
  'uy',
  'uz',
  'openHouseUntil',
] as const;
/**
 * Interned strings (-1 for null), the level-20 cell of the point, where the photos' ids are in the
 * photo pool, and where the listing's own texts are in the text pool (slot-texts.ts).
 */
const I32 = [
  'mls',
  'status',
  'city',
  'county',
  'postalCode',
  'propertyType',
  'propertySubType',
  'closeDate',
  'listDate',
  'sortDate',
  'zip5',
  'cityKey',
  'countyKey',
  'cy',
  'cx',
  'state',
  'listOffice',
  'listAgent',
  'photoStart',
  'photoCount',
  'textAt',
  'pdidBytes',
  'addressBytes',
  'listingIdBytes',
] as const;
/** grp and kinds; flags as 0 null, 1 false, 2 true (the fold must give back null, false or true). */
const U8 = [
  'grp',
  'kinds',
  'waterfront',
  'view',
  'pool',
  'newConstruction',
  'addressDisplay',
  'listingDisplay',
  'locationApproximate',
  'priceReduced',
] as const;
type F64Name = (typeof F64)[number];
type I32Name = (typeof I32)[number];
type U8Name = (typeof U8)[number];

const tri = (v: boolean | null | undefined): number => (v === true ? 2 : v === false ? 1 : 0);
const untri = (v: number): boolean | null => (v === 2 ? true : v === 1 ? false : null);
const num = (v: number | null | undefined): number => (v === null || v === undefined ? NaN : v);
const unnum = (v: number): number | null => (Number.isNaN(v) ? null : v);

const sameWords = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((w, k) => w === b[k]);

/** Slots the columns of `count` listings are made with: room for a sixteenth more before they grow. */
export const columnsCapacity = (count: number): number => Math.max(1024, count + (count >> 4));

/** The columns as a snapshot holds them (see memory-snapshot.ts). */
export type ColumnsImage = {
  readonly count: number;
  readonly free: readonly number[];
  readonly strings: readonly string[];
  /** The listings' keys, addresses and MLS numbers (slot-texts.ts), where the int columns say. */
  readonly textPool: Uint8Array;
  readonly openHouses: readonly [number, readonly OpenHouse[]][];
  readonly brokenPhotos: readonly [number, readonly string[]][];
  /** Every listing's photos as interned ids, each listing's in a run (photoStart, photoCount). */
  readonly photoPool: Int32Array<ArrayBuffer>;
  readonly mlsUpdates: readonly [string, string][];
  readonly numbers: Record<F64Name, Float64Array>;
  readonly ints: Record<I32Name, Int32Array>;
  readonly bytes: Record<U8Name, Uint8Array>;
};

/**
 * Every listing the search read model holds, one slot each, in columns: typed arrays for what
 * criteria compare and sorts order (a scan over a million listings touches a few flat arrays,
 * not a million objects), interned ids for the few thousand distinct cities, types and dates,
 * and postings (keyword words, cities, zips, level-10 grid cells) that narrow a
 * search before the scan. A slot keeps exactly what the search fold needs to take the next
 * event (see docOf) and what a result card shows (cardOf): photos as runs of interned ids in one
 * pool, office and agent names interned; only remarks are left out.
 */
export class ListingColumns {
  count = 0;
  private capacity: number;
  private readonly free: number[] = [];
  private readonly strings: string[] = [];
  private readonly ids = new Map<string, number>();
  readonly f: Record<F64Name, Float64Array>;
  readonly i: Record<I32Name, Int32Array>;
  readonly u: Record<U8Name, Uint8Array>;
  /** Each listing's key, address and MLS number, and the slot of each key. */
  texts: SlotTexts;
  private readonly openHouses = new Map<number, readonly OpenHouse[]>();
  /** Photos reported broken, of the few listings that have any. */
  private readonly brokenPhotos = new Map<number, readonly string[]>();
  private photoPool = new Int32Array(4096);
  private photoUsed = 0;
  /** Ids in the pool no listing points at any more (runs replaced by a photo change). */
  private photoGarbage = 0;
  readonly terms = new SuggestTerms();
  /** When each MLS's listings last changed (ISO instants): the disclaimers' "last updated", as search_mls_updates holds it. */
  readonly mlsUpdates = new Map<string, string>();
  readonly words = new Postings<string>(keywordKey);
  readonly cities = new Postings<number>();
  readonly zips = new Postings<number>();
  readonly grid = new Postings<number>();
  readonly fine = new FineCells();

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.f = Object.fromEntries(F64.map((n) => [n, new Float64Array(capacity).fill(NaN)])) as Record<F64Name, Float64Array>;
    this.i = Object.fromEntries(I32.map((n) => [n, new Int32Array(capacity).fill(-1)])) as Record<I32Name, Int32Array>;
    this.u = Object.fromEntries(U8.map((n) => [n, new Uint8Array(capacity)])) as Record<U8Name, Uint8Array>;
    this.texts = new SlotTexts(this.i);
  }

  intern(v: string | null | undefined): number {
    if (v === null || v === undefined) return -1;
    let id = this.ids.get(v);
    if (id === undefined) {
      id = this.strings.length;
      this.strings.push(v);
      this.ids.set(v, id);
    }
    return id;
  }

  /** The id of a string already held, or -2 (which no column holds) when none has it. */
  idOf(v: string): number {
    return this.ids.get(v) ?? -2;
  }

  private ranks = new Int32Array(0);

  /** Each interned string's place in byte order (newest-first compares dates by it); made again when strings were added. */
  rankOfStrings(): Int32Array {
    if (this.ranks.length !== this.strings.length) {
      const order = this.strings.map((_, k) => k).sort((a, b) => (this.strings[a]! < this.strings[b]! ? -1 : this.strings[a]! > this.strings[b]! ? 1 : 0));
      const ranks = new Int32Array(this.strings.length);
      order.forEach((id, rank) => (ranks[id] = rank));
      this.ranks = ranks;
    }
    return this.ranks;
  }

  str(id: number): string | null {
    return id < 0 ? null : this.strings[id]!;
  }

  /** The listing of a slot as the search fold (evolveDoc) takes it: what search reads, the rest null. */
  docOf(slot: number): SearchDoc {
    const { f, i, u, texts } = this;
    const str = (n: I32Name) => this.str(i[n][slot]!);
    const pdid = texts.pdid(slot)!;
    const record: ListingRecord = {
      ListingKey: pdid.slice(pdid.indexOf('-') + 1),
      StandardStatus: str('status') as ListingRecord['StandardStatus'],
      ListPrice: unnum(f.listPrice[slot]!),
      ClosePrice: unnum(f.closePrice[slot]!),
      CloseDate: str('closeDate'),
      ModificationTimestamp: null,
      ListingId: texts.listingId(slot),
      UnparsedAddress: texts.address(slot),
      City: str('city'),
      StateOrProvince: str('state'),
      PostalCode: str('postalCode'),
      CountyOrParish: str('county'),
      Latitude: unnum(f.lat[slot]!),
      Longitude: unnum(f.lng[slot]!),
      locationApproximate: u.locationApproximate[slot] === 2,
      BedroomsTotal: unnum(f.beds[slot]!),
      BathroomsTotalInteger: unnum(f.baths[slot]!),
      LivingArea: unnum(f.sqft[slot]!),
      PropertyType: str('propertyType'),
      PropertySubType: str('propertySubType'),
      ListingContractDate: str('listDate'),
      PublicRemarks: null,
      WaterfrontYN: untri(u.waterfront[slot]!),
      ViewYN: untri(u.view[slot]!),
      PoolPrivateYN: untri(u.pool[slot]!),
      NewConstructionYN: untri(u.newConstruction[slot]!),
      OriginalListPrice: unnum(f.originalListPrice[slot]!),
      PreviousListPrice: unnum(f.previousListPrice[slot]!),
      ListOfficeName: str('listOffice'),
      ListAgentFullName: str('listAgent'),
      ListAgentMlsId: null,
      ListOfficeMlsId: null,
      InternetAddressDisplayYN: untri(u.addressDisplay[slot]!),
      InternetEntireListingDisplayYN: untri(u.listingDisplay[slot]!),
      photos: this.photosOf(slot),
    };
    return {
      pdid,
      mls: str('mls')!,
      record,
      brokenPhotos: this.brokenPhotos.get(slot) ?? [],
      maxListPrice: unnum(f.maxListPrice[slot]!),
      openHouses: this.openHouses.get(slot) ?? [],
    };
  }

  /** A listing's photos in order (broken ones too). */
  photosOf(slot: number): string[] {
    const start = this.i.photoStart[slot]!;
    const n = this.i.photoCount[slot]!;
    const out: string[] = [];
    for (let k = 0; k < n; k++) out.push(this.strings[this.photoPool[start + k]!]!);
    return out;
  }

  /** Photos reported broken of a slot (most have none). */
  brokenOf(slot: number): readonly string[] {
    return this.brokenPhotos.get(slot) ?? [];
  }

  /** Stores the photos as a run of ids; an unchanged list keeps its run. */
  private putPhotos(slot: number, photos: readonly string[], fresh: boolean): void {
    const { photoStart, photoCount } = this.i;
    if (!fresh) {
      const start = photoStart[slot]!;
      const n = photoCount[slot]!;
      if (n === photos.length && photos.every((p, k) => this.photoPool[start + k] === this.ids.get(p))) return;
      if (n > 0) this.photoGarbage += n;
      photoCount[slot] = 0;
    }
    if (photos.length === 0) {
      photoStart[slot] = 0;
      photoCount[slot] = 0;
      return;
    }
    if (this.photoGarbage > 65_536 && this.photoGarbage > this.photoUsed / 2) this.compactPhotos();
    if (this.photoUsed + photos.length > this.photoPool.length) {
      const grown = new Int32Array(Math.max(this.photoPool.length * 2, this.photoUsed + photos.length));
      grown.set(this.photoPool.subarray(0, this.photoUsed));
      this.photoPool = grown;
    }
    photoStart[slot] = this.photoUsed;
    photoCount[slot] = photos.length;
    for (const p of photos) this.photoPool[this.photoUsed++] = this.intern(p);
  }

  /** The pool again with only the runs listings point at. */
  private compactPhotos(): void {
    const { photoStart, photoCount } = this.i;
    const pool = new Int32Array(Math.max(4096, (this.photoUsed - this.photoGarbage) * 2));
    let used = 0;
    for (let slot = 0; slot < this.count; slot++) {
      const n = photoCount[slot]!;
      if (n <= 0 || this.i.pdidBytes[slot]! < 0) continue;
      pool.set(this.photoPool.subarray(photoStart[slot]!, photoStart[slot]! + n), used);
      photoStart[slot] = used;
      used += n;
    }
    this.photoPool = pool;
    this.photoUsed = used;
    this.photoGarbage = 0;
  }

  slotOf(pdid: string): number | undefined {
    return this.texts.slotOf(pdid);
  }

  /** Listings held. */
  get size(): number {
    return this.texts.size;
  }

  /** A slot's listing key (null: a free slot). */
  pdidOf(slot: number): string | null {
    return this.texts.pdid(slot);
  }

  /** Writes a listing (new or changed); `before` is what the slot held, so that its postings are taken back. */
  put(doc: SearchDoc, before: SearchDoc | undefined): void {
    let slot = this.texts.slotOf(doc.pdid);
    let was: SearchFields | undefined;
    const fresh = slot === undefined;
    if (slot === undefined) {
      slot = this.free.pop() ?? this.count++;
      if (slot >= this.capacity) this.grow();
    } else if (before) {
      was = deriveSearchFields(before);
    }
    const r = doc.record;
    const d = deriveSearchFields(doc);
    const { f, i, u } = this;
    const placeBefore = this.placeOf(slot);
    f.listPrice[slot] = num(r.ListPrice);
    f.closePrice[slot] = num(r.ClosePrice);
    f.originalListPrice[slot] = num(r.OriginalListPrice);
    f.previousListPrice[slot] = num(r.PreviousListPrice);
    f.maxListPrice[slot] = num(doc.maxListPrice);
    f.price[slot] = num(d.price);
    f.beds[slot] = num(r.BedroomsTotal);
    f.baths[slot] = num(r.BathroomsTotalInteger);
    f.sqft[slot] = num(r.LivingArea);
    f.lat[slot] = num(r.Latitude);
    f.lng[slot] = num(r.Longitude);
    f.ux[slot] = num(d.ux);
    f.uy[slot] = num(d.uy);
    f.uz[slot] = num(d.uz);
    f.openHouseUntil[slot] = d.openHouseUntil === null ? NaN : Date.parse(d.openHouseUntil);
    i.mls[slot] = this.intern(doc.mls);
    i.status[slot] = this.intern(r.StandardStatus);
    i.city[slot] = this.intern(r.City);
    i.county[slot] = this.intern(r.CountyOrParish);
    i.postalCode[slot] = this.intern(r.PostalCode);
    i.propertyType[slot] = this.intern(r.PropertyType);
    i.propertySubType[slot] = this.intern(r.PropertySubType);
    i.closeDate[slot] = this.intern(r.CloseDate);
    i.listDate[slot] = this.intern(r.ListingContractDate);
    i.sortDate[slot] = this.intern(d.sortDate);
    i.zip5[slot] = this.intern(d.zip5);
    i.cityKey[slot] = this.intern(d.cityKey);
    i.countyKey[slot] = this.intern(d.countyKey);
    i.cy[slot] = d.cy ?? -1;
    i.cx[slot] = d.cx ?? -1;
    i.state[slot] = this.intern(r.StateOrProvince);
    i.listOffice[slot] = this.intern(r.ListOfficeName);
    i.listAgent[slot] = this.intern(r.ListAgentFullName);
    this.putPhotos(slot, r.photos, fresh);
    u.grp[slot] = d.grp;
    u.kinds[slot] = d.kinds;
    u.waterfront[slot] = tri(r.WaterfrontYN);
    u.view[slot] = tri(r.ViewYN);
    u.pool[slot] = tri(r.PoolPrivateYN);
    u.newConstruction[slot] = tri(r.NewConstructionYN);
    u.addressDisplay[slot] = tri(r.InternetAddressDisplayYN);
    u.listingDisplay[slot] = tri(r.InternetEntireListingDisplayYN);
    u.locationApproximate[slot] = tri(r.locationApproximate);
    u.priceReduced[slot] = d.priceReduced ? 2 : 1;
    this.texts.set(slot, doc.pdid, r.UnparsedAddress, r.ListingId);
    if (doc.openHouses.length > 0) this.openHouses.set(slot, doc.openHouses);
    else this.openHouses.delete(slot);
    if (doc.brokenPhotos.length > 0) this.brokenPhotos.set(slot, doc.brokenPhotos);
    else this.brokenPhotos.delete(slot);
    if (was) this.repost(slot, was, d);
    else this.post(slot, d);
    this.moveFine(slot, placeBefore);
    this.terms.update(slot, was && before ? [was, before.record] : undefined, [d, r]);
  }

  /**
   * Moves a changed listing's postings: only those whose key changed. A posting's removal scans
   * its list, and the lists of a big city's words (or "county", which nearly every listing has)
   * hold hundreds of thousands of slots, so a price change, which changes no key, touches none.
   */
  private repost(slot: number, was: SearchFields, d: SearchFields): void {
    if (!sameWords(was.words, d.words)) {
      const now = new Set(d.words);
      const before = new Set(was.words);
      for (const w of was.words) if (!now.has(w)) this.words.remove(w, slot);
      for (const w of d.words) if (!before.has(w)) this.words.add(w, slot);
    }
    if (was.cityKey !== d.cityKey) {
      if (was.cityKey !== null) this.cities.remove(this.intern(was.cityKey), slot);
      if (d.cityKey !== null) this.cities.add(this.intern(d.cityKey), slot);
    }
    if (was.zip5 !== d.zip5) {
      if (was.zip5 !== null) this.zips.remove(this.intern(was.zip5), slot);
      if (d.zip5 !== null) this.zips.add(this.intern(d.zip5), slot);
    }
    const cell = (f: SearchFields) => (f.cy !== null && f.cx !== null && f.ux !== null ? gridKey(f.cy, f.cx) : undefined);
    if (cell(was) !== cell(d)) {
      if (cell(was) !== undefined) this.grid.remove(cell(was)!, slot);
      if (cell(d) !== undefined) this.grid.add(cell(d)!, slot);
    }
  }

  remove(pdid: string, before: SearchDoc): void {
    const slot = this.texts.slotOf(pdid);
    if (slot === undefined) return;
    const was = deriveSearchFields(before);
    this.unpost(slot, was);
    const place = this.placeOf(slot);
    this.fine.remove(place.grp, place.cell, slot, place.lat, place.lng);
    this.terms.update(slot, [was, before.record], undefined);
    this.openHouses.delete(slot);
    this.brokenPhotos.delete(slot);
    this.photoGarbage += Math.max(0, this.i.photoCount[slot]!);
    this.i.photoCount[slot] = 0;
    // grp 0 is found by no search; the slot is taken again by the next listing.
    this.u.grp[slot] = 0;
    this.texts.clear(slot);
    this.free.push(slot);
  }

  /** Where a slot stands on the map as the columns hold it (fine-cells.ts): a free slot is in status group 0, kept nowhere. */
  private placeOf(slot: number): { grp: number; cell: number | undefined; lat: number; lng: number } {
    const { f, i, u } = this;
    const placed = f.ux[slot] === f.ux[slot];
    return { grp: u.grp[slot]!, cell: placed ? fineKey(i.cy[slot]!, i.cx[slot]!) : undefined, lat: f.lat[slot]!, lng: f.lng[slot]! };
  }

  /** Moves a written slot's map cell posting, or only its cell's sums when it stayed in its cell (a price change moves nothing). */
  private moveFine(slot: number, was: { grp: number; cell: number | undefined; lat: number; lng: number } | undefined): void {
    const now = this.placeOf(slot);
    if (was && was.grp === now.grp && was.cell === now.cell) {
      if (now.cell !== undefined && now.grp !== 0 && (was.lat !== now.lat || was.lng !== now.lng))
        this.fine.shift(now.grp, now.cell, now.lat - was.lat, now.lng - was.lng);
      // Its price or date may have changed: the cell's slots in sort order are made again.
      if (now.cell !== undefined) this.fine.touch(now.grp, now.cell);
      return;
    }
    if (was) this.fine.remove(was.grp, was.cell, slot, was.lat, was.lng);
    this.fine.add(now.grp, now.cell, slot, now.lat, now.lng);
  }

  private post(slot: number, d: SearchFields): void {
    for (const w of d.words) this.words.add(w, slot);
    if (d.cityKey !== null) this.cities.add(this.intern(d.cityKey), slot);
    if (d.zip5 !== null) this.zips.add(this.intern(d.zip5), slot);
    if (d.cy !== null && d.cx !== null && d.ux !== null) this.grid.add(gridKey(d.cy, d.cx), slot);
  }

  private unpost(slot: number, d: SearchFields): void {
    for (const w of d.words) this.words.remove(w, slot);
    if (d.cityKey !== null) this.cities.remove(this.intern(d.cityKey), slot);
    if (d.zip5 !== null) this.zips.remove(this.intern(d.zip5), slot);
    if (d.cy !== null && d.cx !== null && d.ux !== null) this.grid.remove(gridKey(d.cy, d.cx), slot);
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const grown = <T extends Float64Array | Int32Array | Uint8Array>(a: T, fill: number): T => {
      const next = new (a.constructor as new (n: number) => T)(capacity);
      next.fill(fill);
      next.set(a);
      return next;
    };
    for (const n of F64) this.f[n] = grown(this.f[n], NaN);
    for (const n of I32) this.i[n] = grown(this.i[n], -1);
    for (const n of U8) this.u[n] = grown(this.u[n], 0);
    this.capacity = capacity;
  }

  image(): ColumnsImage {
    const cut = <T extends Float64Array | Int32Array | Uint8Array>(a: T): T => a.subarray(0, this.count) as T;
    return {
      count: this.count,
      free: [...this.free],
      strings: this.strings,
      textPool: this.texts.image(),
      openHouses: [...this.openHouses],
      brokenPhotos: [...this.brokenPhotos],
      photoPool: this.photoPool.subarray(0, this.photoUsed),
      mlsUpdates: [...this.mlsUpdates],
      numbers: Object.fromEntries(F64.map((n) => [n, cut(this.f[n])])) as Record<F64Name, Float64Array>,
      ints: Object.fromEntries(I32.map((n) => [n, cut(this.i[n])])) as Record<I32Name, Int32Array>,
      bytes: Object.fromEntries(U8.map((n) => [n, cut(this.u[n])])) as Record<U8Name, Uint8Array>,
    };
  }

  /**
   * Columns from a snapshot's image; the postings are made again from the listings. With `owned`,
   * the image's arrays are the new columns' own (a snapshot read from its file straight into
   * arrays of `columnsCapacity(count)` slots): taken, not copied, so that a million listings are
   * not held twice while an instance starts.
   */
  static fromImage(img: ColumnsImage, o: { owned?: boolean } = {}): ListingColumns {
    const capacity = columnsCapacity(img.count);
    const c = new ListingColumns(0);
    c.capacity = capacity;
    const take = <T extends Float64Array | Int32Array | Uint8Array>(a: T, fill: number): T => {
      if (o.owned && a.length === capacity) return a;
      const own = new (a.constructor as new (n: number) => T)(capacity);
      own.fill(fill);
      own.set(a.subarray(0, img.count));
      return own;
    };
    c.count = img.count;
    c.free.push(...img.free);
    for (const str of img.strings) c.intern(str);
    for (const n of F64) c.f[n] = take(img.numbers[n], NaN);
    for (const n of I32) c.i[n] = take(img.ints[n], -1);
    for (const n of U8) c.u[n] = take(img.bytes[n], 0);
    c.texts = new SlotTexts(c.i, o.owned ? img.textPool : img.textPool.slice(), img.count);
    for (const [slot, oh] of img.openHouses) c.openHouses.set(slot, oh);
    for (const [slot, broken] of img.brokenPhotos) c.brokenPhotos.set(slot, broken);
    if (o.owned) c.photoPool = img.photoPool;
    else {
      c.photoPool = new Int32Array(Math.max(4096, img.photoPool.length));
      c.photoPool.set(img.photoPool);
    }
    c.photoUsed = img.photoPool.length;
    for (const [mls, at] of img.mlsUpdates) c.mlsUpdates.set(mls, at);
    for (let slot = 0; slot < c.count; slot++) {
      if (c.i.pdidBytes[slot]! < 0) continue;
      const doc = c.docOf(slot);
      const d = deriveSearchFieldsOnce(doc);
      c.post(slot, d);
      c.moveFine(slot, undefined);
      c.terms.update(slot, undefined, [d, doc.record]);
    }
    return c;
  }

  static readonly columns = { F64, I32, U8 };
}
