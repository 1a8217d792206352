import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import type { PlanDefinition, PlanStep } from '../../../contract/plans';
import type { PlanEvent } from '../plans.events';
import { decidePlan, type Plan, PLAN_MESSAGES, PLAN_NOT_FOUND, planDecider } from './save-plan.decide';

const B = 'broker-1';
const email: PlanStep = { kind: 'email', templateId: 't1', condition: null };
const wait: PlanStep = { kind: 'wait', amount: 2, unit: 'days', condition: null };
const text: PlanStep = { kind: 'text', body: 'Hi {first_name}, still looking?', condition: { kind: 'tag-present', tag: ' buyer ' } };
const def: PlanDefinition = { name: ' New buyer nurture ', steps: [email, wait, text], triggers: [{ kind: 'tag-added', tag: 'buyer' }] };
const saved = (version: number, over: Partial<PlanDefinition> = {}): PlanEvent => ({
  type: 'PlanSaved',
  data: {
    planId: 'p1',
    scope: 'office',
    ownerId: B,
    name: 'New buyer nurture',
    steps: [email, wait, { ...text, condition: { kind: 'tag-present', tag: 'buyer' } }],
    triggers: [{ kind: 'tag-added', tag: 'buyer' }],
    ...over,
    version,
    byUserId: B,
  },
});
const given = (...events: PlanEvent[]) => fold(planDecider, events);
const owner = (p: Extract<Plan, { exists: true }>) => p.ownerId === B;

describe('saving a plan (given / when / then)', () => {
  it('given none, when the broker creates an office plan, then PlanSaved version 1 with its words tidied; a retry appends nothing', () => {
    expect(decidePlan({ kind: 'create', planId: 'p1', scope: 'office', ownerId: B, byUserId: B, ...def }, given())).toEqual([saved(1)]);
    expect(decidePlan({ kind: 'create', planId: 'p1', scope: 'office', ownerId: B, byUserId: B, ...def }, given(saved(1)))).toEqual([]);
  });

  it('given a plan, when its owner edits it, then the next version; the same definition again appends nothing', () => {
    const steps = [email];
    expect(decidePlan({ kind: 'edit', planId: 'p1', byUserId: B, mayEdit: owner, ...def, steps }, given(saved(1)))).toEqual([saved(2, { steps })]);
    expect(decidePlan({ kind: 'edit', planId: 'p1', byUserId: B, mayEdit: owner, ...def }, given(saved(1)))).toEqual([]);
  });

  it('when someone who may not change it edits or archives it, or it is archived, then not found', () => {
    const other = () => false;
    expect(refused(() => decidePlan({ kind: 'edit', planId: 'p1', byUserId: 'x', mayEdit: other, ...def }, given(saved(1))))).toMatchObject({
      code: 'not_found',
      message: PLAN_NOT_FOUND,
    });
    expect(refused(() => decidePlan({ kind: 'archive', planId: 'p1', byUserId: 'x', mayEdit: other }, given(saved(1))))).toMatchObject({ code: 'not_found' });
    const archived: PlanEvent = { type: 'PlanArchived', data: { planId: 'p1', scope: 'office', ownerId: B, byUserId: B } };
    expect(decidePlan({ kind: 'archive', planId: 'p1', byUserId: B, mayEdit: owner }, given(saved(1)))).toEqual([archived]);
    expect(decidePlan({ kind: 'archive', planId: 'p1', byUserId: B, mayEdit: owner }, given(saved(1), archived))).toEqual([]);
    expect(refused(() => decidePlan({ kind: 'edit', planId: 'p1', byUserId: B, mayEdit: owner, ...def }, given(saved(1), archived)))).toMatchObject({
      code: 'not_found',
    });
  });

  it('when the definition is wrong, then refused with what to fix', () => {
    const create = (over: Partial<PlanDefinition>) => () =>
      decidePlan({ kind: 'create', planId: 'p2', scope: 'personal', ownerId: 'a1', byUserId: 'a1', ...def, ...over }, given());
    for (const [over, message] of [
      [{ name: '  ' }, PLAN_MESSAGES.name],
      [{ steps: [] }, PLAN_MESSAGES.noSteps],
      [{ steps: [email, wait] }, PLAN_MESSAGES.lastWait],
      [{ steps: [{ ...wait, amount: 0 }, email] }, PLAN_MESSAGES.wait('days')],
      [{ steps: [{ kind: 'text', body: ' ', condition: null }] }, PLAN_MESSAGES.text],
      [{ steps: [{ kind: 'stage', stage: '', condition: null }] }, PLAN_MESSAGES.stage],
      [{ steps: [{ kind: 'add-tag', tag: 'x'.repeat(41), condition: null }] }, PLAN_MESSAGES.tag],
      [{ steps: [{ kind: 'task', title: 'Call', taskType: 'call', dueInDays: -1, condition: null }] }, PLAN_MESSAGES.taskDue],
      [{ steps: [email, { ...email, templateId: '' }] }, PLAN_MESSAGES.template],
    ] as const) {
      expect(refused(create(over as Partial<PlanDefinition>)), message).toMatchObject({ code: 'validation', message });
    }
    expect(refused(create({ steps: [{ kind: 'text', body: 'Hi {frist_name}', condition: null }] })).message).toMatch(/^Unknown merge field \{frist_name\}/);
  });
});
