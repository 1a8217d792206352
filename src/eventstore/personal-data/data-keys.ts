import type pg from 'pg';
import { newDataKey } from './field-cipher';

export type KeyRequest = { readonly subject: string; readonly owner: string | undefined };

/**
 * The per-person data keys (table personal_data_keys, migration 20). Always in PostgreSQL,
 * whichever adapter holds the log. A key is never in an event, never logged; erasure sets it to
 * NULL (the row stays as a tombstone, so a later event about that person is stored already erased).
 * No cache: every instance sees an erasure at once.
 */
export class DataKeys {
  constructor(private readonly db: pg.Pool | pg.PoolClient) {}

  /** The keys of these subjects, made for those that have none; null: erased. */
  async forWriting(requests: readonly KeyRequest[]): Promise<Map<string, Buffer | null>> {
    const bySubject = new Map<string, string | null>();
    for (const r of requests) if (!bySubject.has(r.subject) || r.owner) bySubject.set(r.subject, r.owner ?? bySubject.get(r.subject) ?? null);
    const subjects = [...bySubject.keys()];
    const found = await this.forReading(subjects);
    const missing = subjects.filter((s) => !found.has(s));
    if (missing.length > 0) {
      // Two writers may make the same person's first key at once: the first insert wins, both read it back.
      await this.db.query(
        `INSERT INTO personal_data_keys (subject, owner_id, data_key)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bytea[]) ON CONFLICT (subject) DO NOTHING`,
        [missing, missing.map((s) => bySubject.get(s) ?? null), missing.map(() => newDataKey())],
      );
      for (const [s, k] of await this.forReading(missing)) found.set(s, k);
    }
    return found;
  }

  /** The keys known for these subjects; null: erased; absent: none was ever made. */
  async forReading(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const keys = new Map<string, Buffer | null>();
    if (subjects.length === 0) return keys;
    const { rows } = await this.db.query<{ subject: string; data_key: Buffer | null }>(
      'SELECT subject, data_key FROM personal_data_keys WHERE subject = ANY($1::text[])',
      [[...new Set(subjects)]],
    );
    for (const r of rows) keys.set(r.subject, r.data_key);
    return keys;
  }

  /**
   * Destroys the keys of an account and of the given subjects (its leads), tombstones those that
   * had none: from now on their sealed values read as erased. Idempotent. Returns how many keys
   * were destroyed.
   */
  async destroy(userId: string, subjects: readonly string[]): Promise<number> {
    const all = [...new Set([userId, ...subjects])];
    const { rowCount } = await this.db.query(
      `WITH tomb AS (
         INSERT INTO personal_data_keys (subject, owner_id, data_key, erased_at)
         SELECT s, $1, NULL, now() FROM unnest($2::text[]) AS s ON CONFLICT (subject) DO NOTHING)
       UPDATE personal_data_keys SET data_key = NULL, erased_at = COALESCE(erased_at, now())
       WHERE (subject = ANY($2::text[]) OR owner_id = $1) AND data_key IS NOT NULL`,
      [userId, all],
    );
    return rowCount ?? 0;
  }

  /**
   * Destroys the keys of subjects that belong to no account (a send, a kept delivery), tombstoning
   * those that had none. Idempotent; answers how many keys were destroyed.
   */
  async destroySubjects(subjects: readonly string[]): Promise<number> {
    if (subjects.length === 0) return 0;
    const { rowCount } = await this.db.query(
      `WITH tomb AS (
         INSERT INTO personal_data_keys (subject, owner_id, data_key, erased_at)
         SELECT s, NULL, NULL, now() FROM unnest($1::text[]) AS s ON CONFLICT (subject) DO NOTHING)
       UPDATE personal_data_keys SET data_key = NULL, erased_at = COALESCE(erased_at, now())
       WHERE subject = ANY($1::text[]) AND data_key IS NOT NULL`,
      [[...new Set(subjects)]],
    );
    return rowCount ?? 0;
  }
}
