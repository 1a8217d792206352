import { describe, expect, it } from 'vitest';
import { unknownMergeFields } from '../../contract/merge-fields';
import { decideTemplate } from '../conversation/manage-email-templates/email-templates.decide';
import { checkDefinition } from '../plans/save-plan/save-plan.decide';
import { STARTER_PLANS, STARTER_TEMPLATES } from './starter-kit.data';

/** Every starter is something the office's own commands accept as it stands: a copy never fails on its content. */
describe('the starter kit data', () => {
  it.each(STARTER_TEMPLATES.map((t) => [t.key, t] as const))('template %s is a valid office template with known merge fields only', (_key, t) => {
    expect(unknownMergeFields(t.subject, t.body)).toEqual([]);
    const events = decideTemplate(
      { kind: 'create', ownerId: 'o', scope: 'office', templateId: 't', byUserId: 'o', name: t.name, subject: t.subject, body: t.body },
      new Map(),
    );
    expect(events).toHaveLength(1);
  });

  it.each(STARTER_PLANS.map((p) => [p.key, p] as const))('plan %s is a valid plan whose e-mails are starter templates', (_key, p) => {
    for (const s of p.steps) if (s.kind === 'email') expect(STARTER_TEMPLATES.map((t) => t.key)).toContain(s.templateKey);
    const steps = p.steps.map((s) => (s.kind === 'email' ? { kind: 'email' as const, templateId: s.templateKey, condition: s.condition } : s));
    expect(checkDefinition({ name: p.name, steps, triggers: p.triggers }).steps).toHaveLength(p.steps.length);
  });

  it('ships the four plans the product promises, each key once', () => {
    expect(STARTER_PLANS.map((p) => p.name)).toEqual(['New buyer lead', 'New seller lead', 'Open house follow-up', 'Long-term nurture']);
    expect(new Set(STARTER_TEMPLATES.map((t) => t.key)).size).toBe(STARTER_TEMPLATES.length);
  });
});
