import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import type { TemplateScope } from '../../../contract/lead-email';
import type { EmailTemplateEvent } from '../email-templates.events';
import { decideTemplate, type TemplateCommand, templatesDecider, TEMPLATE_NAME_TAKEN, TEMPLATE_NOT_FOUND, TOO_MANY_TEMPLATES } from './email-templates.decide';

const OWNER = 'B1';
const text = { name: 'Tour follow-up', subject: 'Your tour of {listing_address}', body: 'Hi {first_name},\n\nThanks for coming by.\n\n{agent_name}' };
const saved = (templateId: string, scope: TemplateScope = 'office', over: Partial<typeof text> = {}, byUserId = OWNER): EmailTemplateEvent => ({
  type: 'EmailTemplateSaved',
  data: { ownerId: OWNER, scope, templateId, ...text, ...over, byUserId },
});
const deleted = (templateId: string, scope: TemplateScope = 'office', byUserId = OWNER): EmailTemplateEvent => ({
  type: 'EmailTemplateDeleted',
  data: { ownerId: OWNER, scope, templateId, byUserId },
});
const given = (...events: EmailTemplateEvent[]) => fold(templatesDecider, events);
const create = (templateId: string, scope: TemplateScope = 'office', over: Partial<typeof text> = {}): TemplateCommand => ({
  kind: 'create',
  ownerId: OWNER,
  scope,
  templateId,
  byUserId: OWNER,
  ...text,
  ...over,
});
const change = (templateId: string, over: Partial<typeof text> = {}, asOwner = true, byUserId = OWNER): TemplateCommand => ({
  kind: 'change',
  ownerId: OWNER,
  templateId,
  byUserId,
  asOwner,
  ...text,
  ...over,
});
const del = (templateId: string, asOwner = true, byUserId = OWNER): TemplateCommand => ({ kind: 'delete', ownerId: OWNER, templateId, byUserId, asOwner });

describe('e-mail templates (given / when / then)', () => {
  it('given none, when the broker creates an office template, then EmailTemplateSaved; the same id again (a retry) appends nothing', () => {
    expect(decideTemplate(create('t1'), given())).toEqual([saved('t1')]);
    expect(decideTemplate(create('t1'), given(saved('t1')))).toEqual([]);
  });

  it('when the text names an unknown merge field, then refused, naming it', () => {
    const err = refused(() => decideTemplate(create('t1', 'personal', { body: 'Hi {frist_name}, about {listing_adress}' }), given()));
    expect(err).toMatchObject({ code: 'validation' });
    expect(err.message).toMatch(/^Unknown merge fields \{frist_name\}, \{listing_adress\}; use \{first_name\}/);
    expect(refused(() => decideTemplate(create('t1', 'personal', { subject: 'Re {house}' }), given())).message).toMatch(/^Unknown merge field \{house\};/);
  });

  it('when a name, subject or body is missing or too long, or the subject has two lines, then refused with what to fix', () => {
    for (const [over, message] of [
      [{ name: '' }, 'Please name the template'],
      [{ name: 'x'.repeat(81) }, 'A template name has at most 80 characters'],
      [{ subject: '' }, 'Please enter a subject'],
      [{ subject: 'a\nb' }, 'A subject is one line'],
      [{ body: '' }, 'Please write the message'],
      [{ body: 'x'.repeat(20_001) }, 'A message has at most 20000 characters'],
    ] as const) {
      expect(
        refused(() => decideTemplate(create('t1', 'personal', over), given())),
        message,
      ).toMatchObject({ code: 'validation', message });
    }
  });

  it('given a template, when another of the same scope takes its name (in any case), then a conflict; the other scope may', () => {
    expect(refused(() => decideTemplate(create('t2', 'office', { name: 'TOUR FOLLOW-UP' }), given(saved('t1'))))).toMatchObject({
      code: 'conflict',
      message: TEMPLATE_NAME_TAKEN('TOUR FOLLOW-UP'),
    });
    expect(decideTemplate(create('t2', 'personal'), given(saved('t1')))).toEqual([saved('t2', 'personal')]);
    // A deleted template's name is free again.
    expect(decideTemplate(create('t2'), given(saved('t1'), deleted('t1')))).toEqual([saved('t2')]);
  });

  it('given 200 templates, when one more is created, then refused', () => {
    const many = Array.from({ length: 200 }, (_, i) => saved(`t${i}`, 'office', { name: `T${i}` }));
    expect(refused(() => decideTemplate(create('new', 'office', { name: 'One more' }), given(...many)))).toMatchObject({
      code: 'validation',
      message: TOO_MANY_TEMPLATES,
    });
  });

  it('given a template, when its owner changes it, then EmailTemplateSaved keeping its scope; the same text appends nothing', () => {
    const s = given(saved('t1', 'personal'));
    expect(decideTemplate(change('t1', { body: 'Hi {first_name}!' }), s)).toEqual([saved('t1', 'personal', { body: 'Hi {first_name}!' })]);
    expect(decideTemplate(change('t1'), s)).toEqual([]);
  });

  it("given the broker's office template, when staff change or delete it, then done; the broker's personal one is not found for them", () => {
    const s = given(saved('t1', 'office'), saved('p1', 'personal', { name: 'Mine' }));
    expect(decideTemplate(change('t1', { subject: 'Hello' }, false, 'S'), s)).toEqual([saved('t1', 'office', { subject: 'Hello' }, 'S')]);
    expect(decideTemplate(del('t1', false, 'S'), s)).toEqual([deleted('t1', 'office', 'S')]);
    expect(refused(() => decideTemplate(change('p1', {}, false, 'S'), s))).toMatchObject({ code: 'not_found', message: TEMPLATE_NOT_FOUND });
    expect(refused(() => decideTemplate(del('p1', false, 'S'), s))).toMatchObject({ code: 'not_found', message: TEMPLATE_NOT_FOUND });
  });

  it('given no such template, or a deleted one, when changed, then not found', () => {
    expect(refused(() => decideTemplate(change('t9'), given()))).toMatchObject({ code: 'not_found', message: TEMPLATE_NOT_FOUND });
    expect(refused(() => decideTemplate(change('t1'), given(saved('t1'), deleted('t1'))))).toMatchObject({ code: 'not_found' });
    expect(refused(() => decideTemplate(del('t9'), given()))).toMatchObject({ code: 'not_found' });
  });

  it('given a template, when deleted, then EmailTemplateDeleted; deleting again appends nothing', () => {
    expect(decideTemplate(del('t1'), given(saved('t1')))).toEqual([deleted('t1')]);
    expect(decideTemplate(del('t1'), given(saved('t1'), deleted('t1')))).toEqual([]);
  });
});
