import type pg from 'pg';
import type { Projection } from '../../runner';
import type { SearchDoc } from '../search-document';
import { evolveDoc, searchProjection } from '../postgres/search-listings.projection';
import type { MeiliIndex, MeiliSearch } from './meili-client';
import { type MeiliDocument, meiliDocumentOf } from './meili-document';
import { ensureMeiliIndex, LISTINGS_INDEX } from './meili-search-index';

/** Documents per addDocuments call: one task each, all awaited before the batch commits. */
export const DOCUMENT_BATCH = 1000;

/**
 * The documents of the Meilisearch index. The fold (the listing as search reads it) lives in
 * PostgreSQL, in the same transaction as the checkpoint, so a batch whose commit failed after
 * Meilisearch took its documents is folded again from the same state and written again: whole
 * documents replaced by pdid, so writing twice changes nothing. The batch waits for its tasks
 * before it commits: what the checkpoint says is applied, is searchable.
 */
export function meiliSearchProjection(client: MeiliSearch, indexUid = LISTINGS_INDEX): Projection {
  const index = client.index<MeiliDocument>(indexUid);
  return {
    name: 'search_meili',
    // 2: Coming Soon listings are for sale.
    version: 2,
    eventTypes: searchProjection.eventTypes,
    tables: ['search_meili_docs'],
    async createTables(tx, t) {
      await tx.query(`CREATE TABLE ${t('search_meili_docs')} (pdid text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL)`);
      // A (re)build starts from an empty index with its settings in place.
      await ensureMeiliIndex(client, indexUid);
      await client.waitForTask((await index.deleteAllDocuments()).taskUid);
    },
    async apply(events, { tx, table }) {
      const pdids = [...new Set(events.map((e) => (e.data as { pdid: string }).pdid))];
      const { rows } = await tx.query<{ pdid: string; doc: SearchDoc }>(`SELECT pdid, doc FROM ${table('search_meili_docs')} WHERE pdid = ANY($1::text[])`, [
        pdids,
      ]);
      const before = new Map(rows.map((r) => [r.pdid, r.doc]));
      const after = new Map<string, SearchDoc | undefined>(before);
      for (const e of events) {
        const pdid = (e.data as { pdid: string }).pdid;
        after.set(pdid, evolveDoc(after.get(pdid), e));
      }
      const upserts = pdids.flatMap((p) => (after.get(p) ? [after.get(p)!] : []));
      const deletes = pdids.filter((p) => !after.get(p) && before.has(p));
      await saveFolds(tx, table('search_meili_docs'), upserts, deletes);
      await writeDocuments(client, index, upserts.map(meiliDocumentOf), deletes);
    },
  };
}

async function saveFolds(tx: pg.PoolClient, table: string, upserts: readonly SearchDoc[], deletes: readonly string[]): Promise<void> {
  if (upserts.length > 0) {
    await tx.query(
      `INSERT INTO ${table} (pdid, doc) SELECT r->>'pdid', r FROM jsonb_array_elements($1::jsonb) r ON CONFLICT (pdid) DO UPDATE SET doc = excluded.doc`,
      [JSON.stringify(upserts)],
    );
  }
  if (deletes.length > 0) await tx.query(`DELETE FROM ${table} WHERE pdid = ANY($1::text[])`, [deletes]);
}

/** Batched document replacements and one deletion, every task awaited (a failed one throws: the batch is retried). */
export async function writeDocuments(
  client: MeiliSearch,
  index: MeiliIndex<MeiliDocument>,
  docs: readonly MeiliDocument[],
  deletes: readonly string[],
): Promise<void> {
  const tasks = docs.length > 0 ? await index.addDocumentsInBatches(docs, DOCUMENT_BATCH, { primaryKey: 'pdid' }) : [];
  if (deletes.length > 0) tasks.push(await index.deleteDocuments(deletes));
  await client.waitForTasks(tasks.map((t) => t.taskUid));
}
