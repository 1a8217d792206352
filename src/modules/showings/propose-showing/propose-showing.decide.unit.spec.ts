import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import { AT_MOST_8_HOURS, ENDS_AFTER_START, IN_THE_FUTURE } from '../showing-time';
import type { ShowingEvent } from '../showings.events';
import { decideProposeShowing, type ProposeShowing, proposeShowingDecider } from './propose-showing.decide';

const NOW = '2030-03-01T12:00:00.000Z';
const place = { pdid: 'T-P1', address: '400 Pine St, Seattle, WA 98101', timeZone: 'America/Los_Angeles' };
const propose = (over: Partial<ProposeShowing> = {}): ProposeShowing => ({
  ...place,
  showingId: 'S1',
  leadId: 'L1',
  siteId: 's1',
  start: '2030-03-05T22:00:00.000Z',
  end: '2030-03-05T22:30:00.000Z',
  proposedBy: 'agent',
  byUserId: 'A1',
  message: '',
  requestEventId: null,
  confirm: null,
  now: NOW,
  ...over,
});
const proposed = (c: ProposeShowing): ShowingEvent => ({
  type: 'ShowingProposed',
  data: {
    showingId: c.showingId,
    leadId: c.leadId,
    siteId: c.siteId,
    ...place,
    start: c.start,
    end: c.end,
    proposedBy: c.proposedBy,
    byUserId: c.byUserId,
    message: c.message,
    requestEventId: c.requestEventId,
  },
});
const given = (...events: ShowingEvent[]) => fold(proposeShowingDecider, events);

describe('a showing comes to be (given / when / then)', () => {
  it("given nothing, when the agent proposes a time ahead, then ShowingProposed (requested) with the listing's address and zone", () => {
    const c = propose();
    expect(decideProposeShowing(c, given())).toEqual([proposed(c)]);
    expect(given(proposed(c))).toMatchObject({ exists: true, status: 'requested', sequence: 0, invited: false, agentId: null });
  });

  it('given nothing, when the agent proposes a time agreed already, then ShowingProposed and ShowingConfirmed naming the organizer', () => {
    const c = propose({ confirm: { organizerId: 'A1' } });
    const events = decideProposeShowing(c, given());
    expect(events).toEqual([proposed(c), { type: 'ShowingConfirmed', data: { showingId: 'S1', leadId: 'L1', agentId: 'A1', byUserId: 'A1' } }]);
    expect(given(...events)).toMatchObject({ status: 'confirmed', agentId: 'A1', invited: true });
  });

  it("given nothing, when a lead's request names a time already past, then it is a requested showing all the same (the agent answers it)", () => {
    const c = propose({
      proposedBy: 'lead',
      byUserId: 'U-lead',
      start: '2030-02-01T18:00:00.000Z',
      end: '2030-02-01T18:30:00.000Z',
      requestEventId: 'E1',
      message: 'Saturday works',
    });
    expect(decideProposeShowing(c, given())).toEqual([proposed(c)]);
  });

  it('given the showing, when the same id is proposed again (a retry, a second sweeper), then nothing', () => {
    expect(decideProposeShowing(propose({ start: '2030-03-06T22:00:00.000Z' }), given(proposed(propose())))).toEqual([]);
  });

  it('given nothing, when the agent proposes an end before the start, longer than 8 hours, or a past time, then refused', () => {
    expect(refused(() => decideProposeShowing(propose({ end: '2030-03-05T22:00:00.000Z' }), given()))).toMatchObject({
      code: 'validation',
      message: ENDS_AFTER_START,
    });
    expect(refused(() => decideProposeShowing(propose({ end: '2030-03-06T06:01:00.000Z' }), given()))).toMatchObject({
      code: 'validation',
      message: AT_MOST_8_HOURS,
    });
    expect(refused(() => decideProposeShowing(propose({ start: '2030-03-01T11:00:00.000Z', end: '2030-03-01T11:30:00.000Z' }), given()))).toMatchObject({
      code: 'validation',
      message: IN_THE_FUTURE,
    });
  });

  it('given nothing, when booked confirmed with no buyer agreement in force on its day, then 409 with the reason; proposed alone, it waits for one', () => {
    const uncovered = 'Jane Doe has no buyer agreement in force on 5 March; add or sign one first';
    expect(refused(() => decideProposeShowing(propose({ confirm: { organizerId: 'A1' }, uncovered }), given()))).toMatchObject({
      code: 'conflict',
      message: uncovered,
    });
    expect(decideProposeShowing(propose({ uncovered }), given())).toEqual([proposed(propose())]);
  });
});
