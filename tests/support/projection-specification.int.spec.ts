import { describe, expect, it } from 'vitest';
import { eventsOf, type Projection } from '../../projections/runner/projection';
import { projectionSpecification } from './projection-specification';

type Counted = { readonly type: 'Counted'; readonly data: { readonly by: number } };
/** A read model of one number, small enough to see the helper pass and fail. */
const counter: Projection = {
  name: 'spec_counter',
  version: 1,
  eventTypes: ['Counted'],
  tables: ['spec_counter'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('spec_counter')} (n int NOT NULL)`);
    await tx.query(`INSERT INTO ${t('spec_counter')} VALUES (0)`);
  },
  async apply(events, { tx, table, signal }) {
    for (const e of eventsOf<Counted>(events)) await tx.query(`UPDATE ${table('spec_counter')} SET n = n + $1`, [e.data.by]);
    signal({ signal: 'plans.work', payload: { queued: events.length } });
  },
};
const counted = (by: number): Counted => ({ type: 'Counted', data: { by } });

describe('projectionSpecification', () => {
  const spec = projectionSpecification(counter);
  const total = async (rows: (sql: string) => Promise<Record<string, unknown>[]>) => (await rows('SELECT n FROM spec_counter'))[0]!.n;

  it('starts every spec from fresh tables, applies given then when, and shows only what the when batch signalled; other types never reach apply', async () => {
    await spec.given(counted(2), counted(3)).then(async ({ rows }) => expect(await total(rows)).toBe(5));
    await spec
      .given(counted(1), { type: 'Ignored', data: {} })
      .when(counted(10))
      .then(async ({ rows, signals }) => {
        expect(await total(rows)).toBe(11);
        expect(signals).toEqual([{ signal: 'plans.work', payload: { queued: 1 } }]);
      });
  });

  it('fails when the read model does not hold what the spec says', async () => {
    await expect(spec.given(counted(2)).then(async ({ rows }) => expect(await total(rows)).toBe(3))).rejects.toThrow(/expected 2 to be 3/);
  });
});
