import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { dataColumn, type DataShape, dropIndexes } from './bulk-replay';

describe('a bulk replay reading only the keys a fold reads (dataColumn)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false, poolSize: 1 });
  });
  afterAll(() => db.drop());

  const read = async (shape: DataShape | undefined, type: string, data: unknown): Promise<unknown> => {
    const { rows } = await db.pool.query<{ data: unknown }>(`SELECT ${dataColumn(shape)} AS data FROM (VALUES ($1::text, $2::jsonb)) AS e(type, data)`, [
      type,
      JSON.stringify(data),
    ]);
    return rows[0]!.data;
  };
  const shape: DataShape = { Listed: { pdid: true, listing: ['City', 'LivingArea', 'ClosePrice'] } };

  it('keeps the named keys of a named type, one level down, leaving out the rest', async () => {
    const data = { pdid: 'nw-1', mls: 'nw', listing: { City: 'Seattle', LivingArea: 1200, ClosePrice: 5, PublicRemarks: 'long' } };
    expect(await read(shape, 'Listed', data)).toEqual({ pdid: 'nw-1', listing: { City: 'Seattle', LivingArea: 1200, ClosePrice: 5 } });
  });

  it('keeps a null a null and a missing key missing, as the fold would see them in the whole event', async () => {
    const read1 = await read(shape, 'Listed', { pdid: null, listing: { City: null } });
    expect(read1).toEqual({ pdid: null, listing: { City: null } });
    expect(Object.keys((read1 as { listing: object }).listing)).toEqual(['City']);
    expect(await read(shape, 'Listed', { listing: {} })).toEqual({ listing: {} });
  });

  it('keeps a value that is no object whole, and reads other types and no shape whole', async () => {
    expect(await read(shape, 'Listed', { pdid: 'nw-2', listing: null })).toEqual({ pdid: 'nw-2', listing: null });
    expect(await read(shape, 'Listed', { pdid: 'nw-2', listing: [1, 2] })).toEqual({ pdid: 'nw-2', listing: [1, 2] });
    const other = { pdid: 'nw-3', StandardStatus: 'Closed', extra: { a: 1 } };
    expect(await read(shape, 'StatusChanged', other)).toEqual(other);
    expect(await read(undefined, 'Listed', other)).toEqual(other);
  });

  it('refuses a key that is not a plain name (it is written into the SQL)', () => {
    expect(() => dataColumn({ Listed: { "pdid'": true } })).toThrow(/Not a key/);
    expect(() => dataColumn({ Listed: { listing: ['City; DROP'] } })).toThrow(/Not a key/);
  });
});

describe('a loaded table indexed again on several connections at once (dropIndexes)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false, poolSize: 4 });
  });
  afterAll(() => db.drop());

  const definitions = async (table: string) =>
    (
      await db.pool.query<{ d: string }>(
        'SELECT pg_get_indexdef(x.indexrelid) AS d FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = $1::regclass ORDER BY i.relname',
        [table],
      )
    ).rows.map((r) => r.d);
  /** A table like a read model's, a primary key and the indexes given; answers their definitions. */
  const made = async (table: string, indexes: readonly string[]) => {
    await db.pool.query(`CREATE TABLE ${table} (id text PRIMARY KEY, k int NOT NULL, pt point, n int NOT NULL, words tsvector NOT NULL)`);
    for (const def of indexes) await db.pool.query(`CREATE ${def.startsWith('UNIQUE') ? 'UNIQUE INDEX' : 'INDEX'} ON ${table} ${def.replace('UNIQUE ', '')}`);
    return definitions(table);
  };
  /** 40,000 rows: a GiST over the words takes a while to build (it sorts nothing). */
  const fill = (table: string) =>
    db.pool.query(
      `INSERT INTO ${table} SELECT 'l' || i, i, point(i % 997, i % 991), i % 50, to_tsvector('simple', 'w' || (i % 300) || ' v' || (i % 7)) FROM generate_series(1, 40000) i`,
    );
  const connections = async () => [await db.pool.connect(), await db.pool.connect()] as const;

  it('builds every index and the primary key again with its own definition and name, on all the connections given', async () => {
    const before = await made('indexed_twice', ['USING gist (words)', 'USING gist (pt)', 'USING gin (words)', '(n)', '(n DESC) WHERE n > 10', 'UNIQUE (k)']);
    const [a, b] = await connections();
    try {
      const rebuild = await dropIndexes(a, 'indexed_twice');
      expect(await definitions('indexed_twice')).toEqual([]);
      await fill('indexed_twice');
      // Which connections are seen building an index.
      const pids = [a, b].map((c) => (c as unknown as { processID: number }).processID);
      const seen = new Set<number>();
      let watching = true;
      const watch = (async () => {
        while (watching) {
          const { rows } = await db.pool.query<{ pid: number }>(
            `SELECT pid FROM pg_stat_activity WHERE pid = ANY($1::int[]) AND state = 'active' AND query LIKE 'CREATE%'`,
            [pids],
          );
          for (const r of rows) seen.add(r.pid);
        }
      })();
      await rebuild([a, b]).finally(() => (watching = false));
      await watch;
      expect(await definitions('indexed_twice')).toEqual(before);
      expect([...seen].sort()).toEqual([...pids].sort());
    } finally {
      a.release();
      b.release();
    }
  }, 60_000);

  it('tells a failed build only once no other build holds the table (the rebuild then drops it), and starts no more', async () => {
    // Built in this order: the primary key, then the GiST on one connection while the other fails the unique index.
    await made('indexed_badly', ['USING gist (words)', 'UNIQUE (k)', '(n)']);
    const [a, b] = await connections();
    try {
      const built: string[] = [];
      const rebuild = await dropIndexes(a, 'indexed_badly', (name) => built.push(name));
      await fill('indexed_badly');
      await db.pool.query(`INSERT INTO indexed_badly VALUES ('again', 1, NULL, 0, '')`);
      await expect(rebuild([a, b])).rejects.toThrow(/could not create unique index/);
      // No build still holds the table: it drops at once.
      await db.pool.query(`SET lock_timeout = '200ms'; DROP TABLE indexed_badly; RESET lock_timeout`);
      expect(built.sort()).toEqual(['indexed_badly_pkey', 'indexed_badly_words_idx']);
    } finally {
      a.release();
      b.release();
    }
  }, 60_000);
});
