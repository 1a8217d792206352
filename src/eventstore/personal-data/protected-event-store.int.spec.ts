import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anEvent, everyEventOf } from '../../../tests/support/events';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { DataKeys } from './data-keys';
import { ERASED, ERASED_NAME, type PersonalFields, type PersonalFieldsRule } from './personal-fields';
import { ProtectedEventStore } from './protected-event-store';
import { sealExistingEvents } from './reencrypt-existing';

const fields: PersonalFields = new Map<string, PersonalFieldsRule>([
  ['Captured', { subject: (d) => d.leadId as string, owner: (d) => d.userId as string, fields: { name: ERASED_NAME, email: ERASED, tags: [] } }],
  ['Noted', { subject: (d) => d.leadId as string, fields: { text: ERASED } }],
  ['Merged', { subject: () => undefined, fields: {}, nested: { 'leads[]': { subject: (d) => d.leadId as string, fields: { name: ERASED_NAME } } } }],
]);

describe('the event store seals personal fields under per-person keys (issue 18)', () => {
  let db: TestDatabase;
  let log: PostgresEventStore;
  let store: ProtectedEventStore;
  const raw = async (stream: string) =>
    (await db.pool.query<{ data: Record<string, unknown> }>('SELECT data FROM events WHERE stream_id = $1 ORDER BY stream_position', [stream])).rows.map(
      (r) => r.data,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    log = new PostgresEventStore(db.pool, { pollMs: 50, databaseUrl: db.url });
    store = new ProtectedEventStore(log, new DataKeys(db.pool), fields);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('stores them sealed, reads them opened everywhere, and once the key is destroyed reads the placeholders, other people untouched', async () => {
    await store.append('lead-1', 'no_stream', [
      anEvent('Captured', { leadId: 'L1', userId: 'U1', name: 'Ada Lovelace', email: 'ada@x.test', tags: ['vip'], stage: 'New' }),
      anEvent('Noted', { leadId: 'L1', text: 'likes gardens' }),
    ]);
    await store.append('lead-2', 'no_stream', [
      anEvent('Captured', { leadId: 'L2', userId: 'U2', name: 'Bo Other', email: 'bo@x.test', tags: [], stage: 'New' }),
    ]);
    const stored = JSON.stringify(await raw('lead-1'));
    expect(stored).not.toMatch(/Ada|ada@x|vip|gardens/);
    expect((await raw('lead-1'))[0]).toMatchObject({ leadId: 'L1', userId: 'U1', stage: 'New' });

    expect((await store.readStream('lead-1')).map((e) => e.data)).toEqual([
      { leadId: 'L1', userId: 'U1', name: 'Ada Lovelace', email: 'ada@x.test', tags: ['vip'], stage: 'New' },
      { leadId: 'L1', text: 'likes gardens' },
    ]);
    // The global log, once its horizon has passed the appends (other files' tests share the cluster).
    const all = await everyEventOf(store, ['Noted']);
    expect(all.map((e) => e.data)).toEqual([{ leadId: 'L1', text: 'likes gardens' }]);

    // Erasing account U1 finds the lead's key by its owner.
    expect(await new DataKeys(db.pool).destroy('U1', [])).toBe(1);
    expect((await store.readStream('lead-1')).map((e) => e.data)).toEqual([
      { leadId: 'L1', userId: 'U1', name: 'Erased person', email: '[erased]', tags: [], stage: 'New' },
      { leadId: 'L1', text: '[erased]' },
    ]);
    expect((await store.readStreams(['lead-2'])).get('lead-2')![0]!.data).toMatchObject({ name: 'Bo Other' });
    // What arrives about an erased person is stored erased: there is no key to seal it with.
    await store.append('lead-1', 1n, [anEvent('Noted', { leadId: 'L1', text: 'after' })]);
    expect((await raw('lead-1'))[2]).toEqual({ leadId: 'L1', text: '[erased]' });
  });

  it('seals the events stored in the clear before, once, and records it', async () => {
    await log.append('lead-3', 'no_stream', [
      anEvent('Captured', { leadId: 'L3', userId: 'U3', name: 'Cy Plain', email: 'cy@x.test', tags: [], stage: 'New' }),
      anEvent('Other', { name: 'not personal here' }),
    ]);
    await db.pool.query('DELETE FROM personal_data_rewrites');
    const before = (
      await db.pool.query<{ global_position: string; transaction_id: string }>(
        "SELECT global_position, transaction_id::text FROM events WHERE stream_id = 'lead-3' ORDER BY 1",
      )
    ).rows;
    expect(await sealExistingEvents(db.pool, fields)).toBe(1);
    expect(JSON.stringify(await raw('lead-3'))).not.toContain('Cy Plain');
    expect((await raw('lead-3'))[1]).toEqual({ name: 'not personal here' });
    // Order and identity untouched; the readers see the same data.
    expect((await db.pool.query("SELECT global_position, transaction_id::text FROM events WHERE stream_id = 'lead-3' ORDER BY 1")).rows).toEqual(before);
    expect((await store.readStream('lead-3'))[0]!.data).toMatchObject({ name: 'Cy Plain', email: 'cy@x.test' });
    expect(await sealExistingEvents(db.pool, fields)).toBeUndefined();
    expect((await db.pool.query('SELECT id, events_rewritten FROM personal_data_rewrites ORDER BY id')).rows).toEqual([
      { id: 'seal-nested-personal-fields-v1', events_rewritten: 0n },
      { id: 'seal-personal-fields-v1', events_rewritten: 1n },
    ]);
  });

  it("seals values inside lists under each element's own subject, and a database that ran the first pass gets the nested one", async () => {
    await store.append('merge-1', 'no_stream', [
      anEvent('Merged', {
        leads: [
          { leadId: 'L5', name: 'Dee Nested' },
          { leadId: 'L6', name: 'Eve Kept' },
        ],
        mergeId: 'M1',
      }),
    ]);
    expect(JSON.stringify(await raw('merge-1'))).not.toMatch(/Dee|Eve/);
    expect((await store.readStream('merge-1'))[0]!.data).toEqual({
      leads: [
        { leadId: 'L5', name: 'Dee Nested' },
        { leadId: 'L6', name: 'Eve Kept' },
      ],
      mergeId: 'M1',
    });
    await new DataKeys(db.pool).destroy('U5', ['L5']);
    expect((await store.readStream('merge-1'))[0]!.data).toEqual({
      leads: [
        { leadId: 'L5', name: 'Erased person' },
        { leadId: 'L6', name: 'Eve Kept' },
      ],
      mergeId: 'M1',
    });

    // Stored in the clear before nesting was sealed, on a database that had run only the first pass.
    await log.append('merge-2', 'no_stream', [anEvent('Merged', { leads: [{ leadId: 'L7', name: 'Flo Plain' }], mergeId: 'M2' })]);
    await db.pool.query("DELETE FROM personal_data_rewrites WHERE id = 'seal-nested-personal-fields-v1'");
    expect(await sealExistingEvents(db.pool, fields)).toBe(1);
    expect(JSON.stringify(await raw('merge-2'))).not.toContain('Flo Plain');
    expect((await store.readStream('merge-2'))[0]!.data).toEqual({ leads: [{ leadId: 'L7', name: 'Flo Plain' }], mergeId: 'M2' });
    expect((await db.pool.query("SELECT events_rewritten FROM personal_data_rewrites WHERE id = 'seal-nested-personal-fields-v1'")).rows).toEqual([
      { events_rewritten: 1n },
    ]);
  });
});
