import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { DataKeys } from './data-keys';

/** Personal data sealed under a key of its own, belonging to no lead and no account. */
export type SealedItemKind = 'listing-report' | 'intake';
export type SealedItemCounts = { readonly listingReports: number; readonly intakeItems: number };

const COUNTED: Record<SealedItemKind, keyof SealedItemCounts> = { 'listing-report': 'listingReports', intake: 'intakeItems' };

/** The server secret, as the accounts context hands it out (SecretKey). */
export type ServerSecret = { get(): Promise<Buffer> };

export const normaliseAddress = (address: string): string => address.trim().toLowerCase();

/** The blind index of an address: an HMAC under a key of its own label, derived from the server secret. */
export function addressMac(secret: Buffer, address: string): string {
  const key = createHmac('sha256', secret).update('sealed-item-address-v1').digest();
  return createHmac('sha256', key).update(normaliseAddress(address)).digest('base64url');
}

/**
 * The items sealed under their own key (table sealed_item_addresses, migration 59), found by
 * address without holding it, and erased by destroying their keys: the way an erasure on request,
 * the people who hold an item, and retention reach data no account's erasure would.
 */
export class SealedItems {
  constructor(
    private readonly db: pg.Pool,
    private readonly secret: ServerSecret,
  ) {}

  /** Recorded before the item's event is appended (idempotent), so no sealed item is ever unfindable. */
  async remember(kind: SealedItemKind, subject: string, addresses: readonly string[], at: Date): Promise<void> {
    const secret = await this.secret.get();
    const macs = [...new Set(addresses.filter((a) => a.includes('@')).map((a) => addressMac(secret, a)))];
    await this.db.query(
      `INSERT INTO sealed_item_addresses (subject, kind, address_mac, recorded_at)
       SELECT $1, $2, m, $4 FROM unnest($3::text[]) AS m ON CONFLICT (subject, address_mac) DO NOTHING`,
      [subject, kind, macs.length > 0 ? macs : [''], at],
    );
  }

  /** Every item not yet erased that was to or from this address. */
  async byAddress(address: string): Promise<string[]> {
    const mac = addressMac(await this.secret.get(), address);
    const { rows } = await this.db.query<{ subject: string }>(
      'SELECT DISTINCT subject FROM sealed_item_addresses WHERE address_mac = $1 AND erased_at IS NULL',
      [mac],
    );
    return rows.map((r) => r.subject);
  }

  /** Items of a kind recorded before `cutoff` and not yet erased, oldest first. */
  async olderThan(kind: SealedItemKind, cutoff: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ subject: string }>(
      `SELECT subject FROM sealed_item_addresses WHERE kind = $1 AND recorded_at < $2 AND erased_at IS NULL
       GROUP BY subject ORDER BY min(recorded_at), subject LIMIT $3`,
      [kind, cutoff, limit],
    );
    return rows.map((r) => r.subject);
  }

  /** Whether the item's key is destroyed (an item never indexed reads as not erased). */
  async erased(subjects: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.db.query<{ subject: string }>('SELECT subject FROM personal_data_keys WHERE subject = ANY($1::text[]) AND data_key IS NULL', [
      [...subjects],
    ]);
    return new Set(rows.map((r) => r.subject));
  }

  /**
   * Destroys the items' keys (every sealed value of theirs reads as erased from now on) and marks
   * them erased; idempotent. Answers how many of each kind this call erased (none twice).
   */
  async erase(subjects: readonly string[]): Promise<SealedItemCounts> {
    const counts = { listingReports: 0, intakeItems: 0 };
    if (subjects.length === 0) return counts;
    await new DataKeys(this.db).destroySubjects(subjects);
    const { rows } = await this.db.query<{ kind: SealedItemKind }>(
      `WITH marked AS (
         UPDATE sealed_item_addresses SET erased_at = now() WHERE subject = ANY($1::text[]) AND erased_at IS NULL RETURNING subject, kind)
       SELECT DISTINCT subject, kind FROM marked`,
      [[...new Set(subjects)]],
    );
    for (const r of rows) counts[COUNTED[r.kind]]++;
    return counts;
  }
}
