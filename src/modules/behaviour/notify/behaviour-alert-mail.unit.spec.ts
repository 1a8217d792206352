import { describe, expect, it } from 'vitest';
import { behaviourAlertMail, wantsAlertMail } from './behaviour-alert-mail';

describe('a behaviour alert’s e-mail, per the agent’s choice', () => {
  it('goes when the agent chose e-mail or both, and by default; not for text only or neither', () => {
    expect([undefined, 'email', 'both', 'text', 'none'].map((c) => wantsAlertMail(c as never))).toEqual([true, true, true, false, false]);
  });

  it('names the lead and what they did, with the link to the lead; "A lead" for a lead without a name', () => {
    const alert = {
      alertId: 'a1',
      leadId: 'L1',
      leadName: 'Rita Replier',
      kind: 'repeatViews' as const,
      reason: 'Viewed the same home 3 times',
      agentId: 'A1',
      at: '2026-11-24T05:06:07.000Z',
    };
    const m = behaviourAlertMail('jane@demo.test', alert, 'https://porchlight.test');
    expect(m.subject).toBe('Lead alert: Rita Replier');
    expect(m.text).toContain('Rita Replier: Viewed the same home 3 times (2026-11-24 05:06 UTC).');
    expect(m.text).toContain('Open the lead: https://porchlight.test/dashboard?lead=L1');
    expect(behaviourAlertMail('x@y.z', { ...alert, leadName: '' }, 'https://p.test').subject).toBe('Lead alert: A lead');
  });
});
