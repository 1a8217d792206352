import { describe, expect, it } from 'vitest';
import type { MergeValues } from '../../../contract/merge-fields';
import type { PlanStep } from '../../../contract/plans';
import { SKIP, type StepFacts } from '../run-steps/run-step.decide';
import { previewPlan } from './preview-plan';

const facts: StepFacts = {
  now: '2026-06-05T20:00:00.000Z', // a Friday, 16:00 in New York
  zone: 'America/New_York',
  stage: 'New',
  tags: [],
  openedAlert: false,
  emailConsent: true,
  hasEmailAddress: true,
  textRefusal: 'no-consent',
  templateName: null,
  pipelineStages: ['New'],
  pause: null,
};
const values = {
  first_name: 'Pat',
  last_name: 'Lee',
  full_name: 'Pat Lee',
  agent_name: 'Jane Agent',
  agent_phone: '',
  agent_email: '',
  site_name: 'Demo',
  listing_address: '',
  listing_price: '',
} satisfies MergeValues;

describe('previewing a plan for a lead (given / when / then)', () => {
  it('given a lead, when previewed, then each step with its time in business hours, its words for this lead, and why it would be skipped', () => {
    const steps: PlanStep[] = [
      { kind: 'email', templateId: 't1', condition: null },
      { kind: 'wait', amount: 2, unit: 'hours', condition: null },
      { kind: 'text', body: 'Hi {first_name}', condition: null },
      { kind: 'add-tag', tag: 'warm', condition: { kind: 'opened-alert' } },
    ];
    const out = previewPlan(steps, facts, values, new Map([['t1', { name: 'Welcome', subject: 'Hello {first_name}', body: 'From {agent_name}' }]]));
    expect(out).toEqual([
      {
        index: 0,
        kind: 'email',
        dueAt: '2026-06-05T20:00:00.000Z',
        detail: 'E-mail "Welcome"',
        skipReason: null,
        message: { subject: 'Hello Pat', body: 'From Jane Agent' },
      },
      { index: 1, kind: 'wait', dueAt: '2026-06-05T20:00:00.000Z', detail: 'Wait 2 business hours', skipReason: null, message: null },
      // Friday 16:00 + 2 business hours: Monday 10:00.
      {
        index: 2,
        kind: 'text',
        dueAt: '2026-06-08T14:00:00.000Z',
        detail: 'Text "Hi {first_name}"',
        skipReason: SKIP.noTextConsent,
        message: { subject: null, body: 'Hi Pat' },
      },
      { index: 3, kind: 'add-tag', dueAt: '2026-06-08T14:00:00.000Z', detail: 'Tag "warm" added', skipReason: SKIP.noAlertOpened, message: null },
    ]);
  });

  it('given a template gone, when previewed, then the e-mail step says so and has no words', () => {
    const [step] = previewPlan([{ kind: 'email', templateId: 'gone', condition: null }], facts, values, new Map());
    expect(step).toMatchObject({ skipReason: SKIP.templateGone, message: null });
  });
});
