import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { BEHAVIOUR_THRESHOLD_BOUNDS, DEFAULT_BEHAVIOUR_THRESHOLDS as DEFAULTS } from '../../../contract/behaviour-alerts';
import { refused } from '../../../../tests/support/refused';
import type { BehaviourEvent } from '../behaviour.events';
import { decideThresholds, thresholdsDecider } from './change-thresholds.decide';

const B = 'broker-1';
const given = (...events: BehaviourEvent[]) => fold(thresholdsDecider, events);

describe('an office’s behaviour thresholds (given / when / then)', () => {
  it('given none, then the defaults (7 days, 3 views, 10 homes, 10 minutes) at version 0', () => {
    expect(given()).toEqual({ version: 0, thresholds: { returnAfterDays: 7, sameHomeViews: 3, homesPerDay: 10, alertOpenMinutes: 10 }, byUserId: null });
  });

  it('given none, when a broker saves other thresholds, then version 1 with who; the same again, nothing; the defaults again at first, nothing', () => {
    const t = { ...DEFAULTS, sameHomeViews: 2 };
    const [e] = decideThresholds({ scope: B, thresholds: t, byUserId: B }, given());
    expect(e).toEqual({ type: 'BehaviourThresholdsChanged', data: { scope: B, version: 1, thresholds: t, byUserId: B } });
    expect(decideThresholds({ scope: B, thresholds: t, byUserId: B }, given(e!))).toEqual([]);
    expect(decideThresholds({ scope: B, thresholds: DEFAULTS, byUserId: B }, given())).toEqual([]);
    expect(decideThresholds({ scope: B, thresholds: DEFAULTS, byUserId: B }, given(e!))[0]!.data.version).toBe(2);
  });

  it('when a threshold is outside its bounds or not whole, then refused with what it must be', () => {
    for (const [key, { min, max, message }] of Object.entries(BEHAVIOUR_THRESHOLD_BOUNDS)) {
      for (const bad of [min - 1, max + 1, min + 0.5]) {
        expect(refused(() => decideThresholds({ scope: B, thresholds: { ...DEFAULTS, [key]: bad }, byUserId: B }, given())).message).toBe(message);
      }
    }
  });
});
