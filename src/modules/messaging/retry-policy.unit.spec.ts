import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterFailure, failureOf, RETRY, retryDelayMs, type SendFailure } from './retry-policy';

const TRANSIENT: SendFailure = { permanent: false, reason: 'ECONNREFUSED' };
const random = fc.double({ min: 0, max: 1, noNaN: true });

/** Every try of a message the provider never takes, from its first failure at 0, each wait jittered by `randoms` (cycled): the times of the tries and how it ended. */
function tryForever(randoms: readonly number[]) {
  const tries: number[] = [0];
  let now = 0;
  for (let attempts = 1; ; attempts++) {
    const r = randoms[attempts % randoms.length]!;
    const next = afterFailure({ attempts, firstFailedAt: new Date(0), now: new Date(now), failure: TRANSIENT, random: () => r });
    if (next.state === 'failed') return { tries, lastAt: now };
    now = next.nextAttemptAt.getTime();
    tries.push(now);
  }
}

describe('the outboxes’ retry policy', () => {
  it('waits seconds after the first failure, doubling (jittered by half) up to an hour, never longer', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), random, (attempts, r) => {
        const step = Math.min(RETRY.maxDelayMs, RETRY.firstDelayMs * 2 ** (attempts - 1));
        const wait = retryDelayMs(attempts, () => r);
        expect(wait).toBeGreaterThanOrEqual(Math.floor(step / 2));
        expect(wait).toBeLessThanOrEqual(step);
        expect(wait).toBeLessThanOrEqual(3_600_000);
        expect(retryDelayMs(attempts + 1, () => r)).toBeGreaterThanOrEqual(wait);
      }),
    );
    expect(retryDelayMs(1, () => 0)).toBeGreaterThanOrEqual(1000);
    expect(retryDelayMs(1, () => 1)).toBeLessThanOrEqual(10_000);
  });

  it('keeps trying a message that always fails for at least a day, then gives it up, without a retry storm', () => {
    fc.assert(
      fc.property(fc.array(random, { minLength: 1, maxLength: 20 }), (randoms) => {
        const { tries, lastAt } = tryForever(randoms);
        expect(lastAt).toBeGreaterThanOrEqual(RETRY.giveUpAfterMs);
        expect(lastAt).toBeLessThanOrEqual(RETRY.giveUpAfterMs + RETRY.maxDelayMs);
        // A relay down for a minute sees a handful of tries, not one every 2 s.
        expect(tries.filter((t) => t < 60_000).length).toBeLessThanOrEqual(5);
        // About an hour apart once the waits have grown: a day is some dozens of tries.
        expect(tries.length).toBeLessThan(60);
        for (let i = 1; i < tries.length; i++) expect(tries[i]! - tries[i - 1]!).toBeLessThanOrEqual(RETRY.maxDelayMs);
      }),
    );
  });

  it('gives up a permanent refusal at its first try', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (attempts) => {
        expect(afterFailure({ attempts, firstFailedAt: null, now: new Date(), failure: { permanent: true, reason: 'SMTP 550' } })).toEqual({ state: 'failed' });
      }),
    );
  });
});

describe('what a provider’s error means for the policy', () => {
  const smtp = (responseCode: number, response: string) =>
    Object.assign(new Error(`Message failed: ${response}`), { responseCode, response, code: 'EENVELOPE' });
  const twilio = (twilioCode: number, message: string) => Object.assign(new Error(message), { twilioCode });

  it('an SMTP 5xx is final, a 4xx or a relay that cannot be reached is worth another try', () => {
    expect(failureOf(smtp(550, '550 5.1.1 <ada@example.com>: Recipient address rejected'))).toEqual({
      permanent: true,
      reason: 'SMTP 550: 5.1.1 <address>: Recipient address rejected',
    });
    expect(failureOf(smtp(554, '554 5.7.1 rejected')).permanent).toBe(true);
    expect(failureOf(smtp(421, '421 4.7.0 try again later')).permanent).toBe(false);
    expect(failureOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ESOCKET' }))).toEqual({
      permanent: false,
      reason: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:9',
    });
  });

  it("Twilio's invalid, unreachable and unsubscribed numbers are final; its rate limit is not", () => {
    for (const code of [21211, 21614, 21610]) expect(failureOf(twilio(code, "The 'To' number +15555550000 is not valid")).permanent).toBe(true);
    expect(failureOf(twilio(21211, "Twilio refused the message (400: The 'To' number +1 (555) 555-0000 is not valid)")).reason).toBe(
      "Twilio 21211: Twilio refused the message (400: The 'To' number <number> is not valid)",
    );
    expect(failureOf(twilio(20429, 'Too Many Requests')).permanent).toBe(false);
    expect(failureOf(new Error('Twilio refused the message (503)')).permanent).toBe(false);
  });

  it('a push subscription that is gone (404, 410) is final; a push service error is not', () => {
    expect(failureOf(Object.assign(new Error('x'), { statusCode: 410 }))).toEqual({ permanent: true, reason: 'push service answered 410' });
    expect(failureOf(Object.assign(new Error('x'), { statusCode: 404 })).permanent).toBe(true);
    expect(failureOf(Object.assign(new Error('x'), { statusCode: 502 })).permanent).toBe(false);
  });

  it('keeps a reason short and on one line', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (words) => {
        const { reason } = failureOf(new Error(words));
        expect(reason.length).toBeLessThanOrEqual(300);
        expect(reason).not.toMatch(/[\r\n]/);
      }),
    );
  });
});
