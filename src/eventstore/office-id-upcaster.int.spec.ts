// rename-office: keep (the spec writes events in their old, stored shape)
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadRoutingProjection, ruleSetAt } from '../../projections/lead-routing';
import { projectedLog } from '../../tests/support/projected-log';
import { metadataOf, systemContext } from '../commands/command-context';

const OLD_OFFICE = randomUUID();
const NEW_OFFICE = randomUUID();
const rules = { listingAgentFirst: true, weights: {}, off: [], pond: { enabled: true, claimWindowMinutes: 15 } };
const event = (type: string, data: Record<string, unknown>) => ({ type, data, eventId: randomUUID(), metadata: metadataOf(systemContext(new Date(), null)) });

/**
 * Events stored before the office id was called officeId keep their stored `brokerId`: the
 * store's read path gives them the current name, so a read model rebuilt from an old log holds
 * the same rows as one built from events written today.
 */
describe('office id upcaster on the event store read path', () => {
  const log = projectedLog([leadRoutingProjection], async (store) => {
    await store.append(`office-${OLD_OFFICE}`, 'no_stream', [event('RoutingRulesChanged', { brokerId: OLD_OFFICE, version: 1, byUserId: OLD_OFFICE, rules })]);
    await store.append(`office-${NEW_OFFICE}`, 'no_stream', [event('RoutingRulesChanged', { officeId: NEW_OFFICE, version: 1, byUserId: NEW_OFFICE, rules })]);
  });

  it('reads an event stored with brokerId as officeId, and one written with officeId as it is', async () => {
    const [old] = await log.store.readStream(`office-${OLD_OFFICE}`);
    expect(old!.data).toEqual({ officeId: OLD_OFFICE, version: 1, byUserId: OLD_OFFICE, rules });
    const { rows } = await log.db.pool.query<{ data: Record<string, unknown> }>('SELECT data FROM events WHERE stream_id = $1 ORDER BY stream_position', [
      `office-${OLD_OFFICE}`,
    ]);
    expect(rows[0]!.data).toHaveProperty('brokerId', OLD_OFFICE);
    const [current] = await log.store.readStream(`office-${NEW_OFFICE}`);
    expect(current!.data).toMatchObject({ officeId: NEW_OFFICE });
  });

  it('a read model built from the old events holds the same rows as one from the new', async () => {
    expect(await ruleSetAt(log.db.pool, OLD_OFFICE)).toEqual(await ruleSetAt(log.db.pool, NEW_OFFICE));
    expect((await ruleSetAt(log.db.pool, OLD_OFFICE)).version).toBe(1);
  });
});
