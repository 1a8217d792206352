import { describe, expect, it } from 'vitest';
import type { EmailTemplateEvent } from '../../src/modules/conversation/conversation.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { emailTemplatesProjection, templateById, templatesFor } from './index';

const AGENT = specId(1);
const BROKER = specId(2);
const saved = (n: number, ownerId: string, scope: 'personal' | 'office', name: string, subject = 'Hello'): EmailTemplateEvent => ({
  type: 'EmailTemplateSaved',
  data: { ownerId, scope, templateId: specId(100 + n), name, subject, body: 'Hi {{firstName}},', byUserId: ownerId },
});
const deleted = (n: number, ownerId: string, scope: 'personal' | 'office'): EmailTemplateEvent => ({
  type: 'EmailTemplateDeleted',
  data: { ownerId, scope, templateId: specId(100 + n), byUserId: ownerId },
});

describe('e-mail templates read model', () => {
  const spec = projectionSpecification(emailTemplatesProjection);

  it("given an agent's and their office's templates, when the agent lists them, then the office's come first, each by name regardless of case", () =>
    spec
      .given(
        saved(1, AGENT, 'personal', 'open house'),
        saved(2, AGENT, 'personal', 'Zillow follow-up'),
        saved(3, BROKER, 'office', 'Welcome'),
        saved(4, specId(9), 'personal', 'Not mine'),
      )
      .then(async ({ pool }) => expect((await templatesFor(pool, AGENT, BROKER)).map((t) => t.name)).toEqual(['Welcome', 'open house', 'Zillow follow-up'])));

  it('given a template, when it is saved again with a new subject, then it is one template with the new words; an agent with no office sees only their own', () =>
    spec
      .given(saved(1, AGENT, 'personal', 'Open house'), saved(3, BROKER, 'office', 'Welcome'))
      .when(saved(1, AGENT, 'personal', 'Open house', 'See you Sunday'))
      .then(async ({ pool }) => {
        expect(await templateById(pool, specId(101))).toMatchObject({
          name: 'Open house',
          subject: 'See you Sunday',
          ownerId: AGENT,
          scope: 'personal',
          updatedAt: '2026-03-02T15:03:00.000Z',
        });
        expect((await templatesFor(pool, AGENT, null)).map((t) => t.templateId)).toEqual([specId(101)]);
      }));

  it('given a template, when it is deleted, then it can no longer be found or picked', () =>
    spec
      .given(saved(1, AGENT, 'personal', 'Open house'))
      .when(deleted(1, AGENT, 'personal'))
      .then(async ({ pool }) => {
        expect(await templateById(pool, specId(101))).toBeNull();
        expect(await templatesFor(pool, AGENT, null)).toEqual([]);
      }));
});
