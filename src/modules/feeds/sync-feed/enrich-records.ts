import type { FeedResource } from '../feeds.events';
import { FeedCredentialsError, FeedProtocolError } from '../reso-client/feed-errors';
import type { ODataPage } from '../reso-client/reso-client';
import type { ReplicatedRecord } from './replication';

export type Lookup = {
  readonly resourceUrl: (resource: string, query: Readonly<Record<string, string | undefined>>) => string;
  readonly page: (url: string) => Promise<ODataPage>;
};

/** Keys per `or` query: some servers (MLS Grid) allow few `or`s in one $filter. */
const KEYS_PER_QUERY = 5;
const NAMES_CACHED = 50_000;

/** An OData string literal. */
export const odataString = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/**
 * Turns a page of replicated records into what the importer reads:
 *  - ModificationTimestamp as an instant (read in the feed's zone when it had no offset);
 *  - MLS Grid's `MlgCanView: false` is the listing's removal (a Delete record);
 *  - Media and OpenHouse from their own resources (by ResourceRecordKey / ListingKey, Media in
 *    Order) when the server would not $expand them;
 *  - the listing agent's and office's names from Member and Office (by key, else MLS id) when
 *    the record lacks ListAgentFullName / ListOfficeName, for the attribution IDX rules ask for.
 * Names are cached for the life of the enricher; a Member or Office resource the feed is not
 * licensed for is a warning, not a failure.
 */
export class RecordEnricher {
  readonly warnings: string[] = [];
  private readonly names = new Map<string, string | null>();
  private namesRefused = new Set<'Member' | 'Office'>();

  constructor(
    private readonly lookup: Lookup,
    private readonly resources: readonly FeedResource[],
    /** True when Media must come from its resource (the server refused $expand). */
    private readonly separate: () => boolean,
  ) {}

  async enrich(records: readonly ReplicatedRecord[]): Promise<Record<string, unknown>[]> {
    const out = records.map((r) => prepare(r));
    const listings = out.filter((r) => r.StandardStatus !== 'Delete' && typeof r.ListingKey === 'string');
    const keys = listings.map((r) => r.ListingKey as string);
    if (keys.length && this.resources.includes('Media') && this.separate()) {
      const media = await this.related(
        'Media',
        'ResourceRecordKey',
        keys.filter((_, i) => listings[i]!.Media === undefined),
      );
      for (const r of listings)
        if (r.Media === undefined) r.Media = (media.get(r.ListingKey as string) ?? []).sort((a, b) => Number(a.Order ?? 0) - Number(b.Order ?? 0));
    }
    if (keys.length && this.resources.includes('OpenHouse') && this.separate()) {
      const want = keys.filter((_, i) => listings[i]!.OpenHouse === undefined && listings[i]!.OpenHouses === undefined);
      const openHouses = await this.related('OpenHouse', 'ListingKey', want);
      for (const r of listings) if (r.OpenHouse === undefined && r.OpenHouses === undefined) r.OpenHouse = openHouses.get(r.ListingKey as string) ?? [];
    }
    if (this.resources.includes('Member')) await this.fillNames(listings, 'Member');
    if (this.resources.includes('Office')) await this.fillNames(listings, 'Office');
    return out;
  }

  /** Records of a resource for these listing keys, grouped by that key, every page of them. */
  private async related(resource: 'Media' | 'OpenHouse', field: string, keys: readonly string[]): Promise<Map<string, Record<string, unknown>[]>> {
    const byKey = new Map<string, Record<string, unknown>[]>();
    for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
      const chunk = keys.slice(i, i + KEYS_PER_QUERY);
      const filter = chunk.map((k) => `${field} eq ${odataString(k)}`).join(' or ');
      for (const r of await this.all(resource, filter, resource === 'Media' ? `${field},Order` : field)) {
        const k = r[field];
        if (typeof k === 'string') (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(r);
      }
    }
    return byKey;
  }

  /** Every record of a small query: nextLinks when given, else $skip until a short page. */
  private async all(resource: string, filter: string, orderby: string, select?: string): Promise<Record<string, unknown>[]> {
    const top = 1000;
    const out: Record<string, unknown>[] = [];
    let url: string | null = this.lookup.resourceUrl(resource, { $filter: filter, $orderby: orderby, $top: String(top), $select: select });
    for (let pages = 0; url; pages++) {
      if (pages > 1000) throw new FeedProtocolError(`${resource} for a few listings ran past 1000 pages`);
      const page = await this.lookup.page(url);
      out.push(...page.value);
      url =
        page.nextLink ??
        (page.value.length >= top
          ? this.lookup.resourceUrl(resource, { $filter: filter, $orderby: orderby, $top: String(top), $skip: String(out.length), $select: select })
          : null);
    }
    return out;
  }

  private async fillNames(listings: Record<string, unknown>[], resource: 'Member' | 'Office'): Promise<void> {
    if (this.namesRefused.has(resource)) return;
    const f =
      resource === 'Member'
        ? {
            name: 'ListAgentFullName',
            key: 'ListAgentKey',
            mlsId: 'ListAgentMlsId',
            rKey: 'MemberKey',
            rMlsId: 'MemberMlsId',
            select: 'MemberKey,MemberMlsId,MemberFullName,MemberFirstName,MemberLastName',
          }
        : {
            name: 'ListOfficeName',
            key: 'ListOfficeKey',
            mlsId: 'ListOfficeMlsId',
            rKey: 'OfficeKey',
            rMlsId: 'OfficeMlsId',
            select: 'OfficeKey,OfficeMlsId,OfficeName',
          };
    const idOf = (r: Record<string, unknown>): [string, string] | null => {
      const key = text(r[f.key]);
      if (key) return [f.rKey, key];
      const mls = text(r[f.mlsId]);
      return mls ? [f.rMlsId, mls] : null;
    };
    const needing = listings.filter((r) => !text(r[f.name]) && idOf(r));
    const wanted = new Map<string, [string, string]>();
    for (const r of needing) {
      const id = idOf(r)!;
      const cacheKey = `${resource} ${id[0]} ${id[1]}`;
      if (!this.names.has(cacheKey)) wanted.set(cacheKey, id);
    }
    try {
      for (const field of [f.rKey, f.rMlsId]) {
        const values = [...wanted.values()].filter(([fld]) => fld === field).map(([, v]) => v);
        for (let i = 0; i < values.length; i += KEYS_PER_QUERY) {
          const chunk = values.slice(i, i + KEYS_PER_QUERY);
          const found = await this.all(resource, chunk.map((v) => `${field} eq ${odataString(v)}`).join(' or '), field, f.select);
          for (const v of chunk) this.remember(`${resource} ${field} ${v}`, null);
          for (const m of found) {
            const name =
              resource === 'Member'
                ? (text(m.MemberFullName) ?? ([text(m.MemberFirstName), text(m.MemberLastName)].filter(Boolean).join(' ') || null))
                : text(m.OfficeName);
            const v = text(m[field]);
            if (v) this.remember(`${resource} ${field} ${v}`, name);
          }
        }
      }
    } catch (err) {
      if (!(err instanceof FeedCredentialsError) && !(err instanceof FeedProtocolError)) throw err;
      this.namesRefused.add(resource);
      this.warnings.push(`${resource} could not be read (${err.message}); ${f.name} comes only from the records`);
      return;
    }
    for (const r of needing) {
      const id = idOf(r)!;
      const name = this.names.get(`${resource} ${id[0]} ${id[1]}`);
      if (name) r[f.name] = name;
    }
  }

  private remember(key: string, name: string | null): void {
    if (this.names.size >= NAMES_CACHED) this.names.delete(this.names.keys().next().value!);
    this.names.set(key, name);
  }
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

/** A record as the importer should read it: the timestamp as an instant, MlgCanView false as a removal. */
function prepare(r: ReplicatedRecord): Record<string, unknown> {
  const raw = { ...r.raw };
  if (r.ts !== null) raw.ModificationTimestamp = r.ts;
  const canView = raw.MlgCanView;
  if (canView === false || canView === 'false' || canView === 'N') {
    return { ListingKey: raw.ListingKey, StandardStatus: 'Delete', ModificationTimestamp: raw.ModificationTimestamp ?? null };
  }
  return raw;
}
