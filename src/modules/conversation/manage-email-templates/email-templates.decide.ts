import type { Decider } from '../../../commands/decider';
import { EMAIL_BODY_MAX, EMAIL_SUBJECT_MAX, TEMPLATE_NAME_MAX, type TemplateScope, TEMPLATES_PER_OWNER } from '../../../contract/lead-email';
import { unknownMergeFields, unknownMergeFieldsMessage } from '../../../contract/merge-fields';
import { assertNever, conflict, notFound, validation } from '../../../shared/errors';
import type { EmailTemplateEvent } from '../email-templates.events';

type Template = { readonly scope: TemplateScope; readonly name: string; readonly subject: string; readonly body: string; readonly deleted: boolean };
/** One owner's templates, as `emailtemplates-{ownerId}` says. */
export type EmailTemplates = ReadonlyMap<string, Template>;

export const TEMPLATE_NOT_FOUND = 'Template not found';
export const TEMPLATE_NAME_TAKEN = (name: string) => `A template named "${name}" already exists`;
export const TOO_MANY_TEMPLATES = `At most ${TEMPLATES_PER_OWNER} templates can be kept; delete some first`;

export type TemplateText = { readonly name: string; readonly subject: string; readonly body: string };

/**
 * The caller decided the owner's stream the viewer may write to (its own, or the office of a
 * broker it is, or any office for staff). `asOwner`: the viewer is the stream's owner (all its
 * templates are theirs); otherwise only office templates are theirs to change (staff).
 */
export type TemplateCommand =
  | ({
      readonly kind: 'create';
      readonly ownerId: string;
      readonly scope: TemplateScope;
      readonly templateId: string;
      readonly byUserId: string;
    } & TemplateText)
  | ({ readonly kind: 'change'; readonly ownerId: string; readonly templateId: string; readonly byUserId: string; readonly asOwner: boolean } & TemplateText)
  | { readonly kind: 'delete'; readonly ownerId: string; readonly templateId: string; readonly byUserId: string; readonly asOwner: boolean };

export function evolveTemplates(s: EmailTemplates, e: EmailTemplateEvent): EmailTemplates {
  const next = new Map(s);
  switch (e.type) {
    case 'EmailTemplateSaved':
      next.set(e.data.templateId, { scope: e.data.scope, name: e.data.name, subject: e.data.subject, body: e.data.body, deleted: false });
      return next;
    case 'EmailTemplateDeleted': {
      const t = s.get(e.data.templateId);
      if (t) next.set(e.data.templateId, { ...t, deleted: true });
      return next;
    }
    default:
      return assertNever(e);
  }
}

/** Plain text with known merge fields only; a name, a subject and a body, each within its limit. */
function checkText(t: TemplateText): void {
  if (!t.name) throw validation('Please name the template');
  if (t.name.length > TEMPLATE_NAME_MAX) throw validation(`A template name has at most ${TEMPLATE_NAME_MAX} characters`);
  if (!t.subject) throw validation('Please enter a subject');
  if (t.subject.length > EMAIL_SUBJECT_MAX) throw validation(`A subject has at most ${EMAIL_SUBJECT_MAX} characters`);
  if (/[\r\n]/.test(t.subject)) throw validation('A subject is one line');
  if (!t.body) throw validation('Please write the message');
  if (t.body.length > EMAIL_BODY_MAX) throw validation(`A message has at most ${EMAIL_BODY_MAX} characters`);
  const unknown = unknownMergeFields(t.subject, t.body);
  if (unknown.length) throw validation(unknownMergeFieldsMessage(unknown));
}

const sameName = (a: string, b: string) => a.toLocaleLowerCase('en-US') === b.toLocaleLowerCase('en-US');

/** A template the viewer may change: not deleted, and theirs (others' templates are not found, never forbidden: they do not exist for them). */
function ownTemplate(s: EmailTemplates, templateId: string, asOwner: boolean): Template {
  const t = s.get(templateId);
  if (!t || t.deleted || (!asOwner && t.scope !== 'office')) throw notFound(TEMPLATE_NOT_FOUND);
  return t;
}

/** A repeat of what is already so (a retried create, the same text, a second delete) appends nothing. */
export function decideTemplate(c: TemplateCommand, s: EmailTemplates): EmailTemplateEvent[] {
  const { ownerId, templateId, byUserId } = c;
  switch (c.kind) {
    case 'create': {
      if (s.has(templateId)) return [];
      checkText(c);
      const live = [...s.values()].filter((t) => !t.deleted && t.scope === c.scope);
      if (live.some((t) => sameName(t.name, c.name))) throw conflict(TEMPLATE_NAME_TAKEN(c.name));
      if (live.length >= TEMPLATES_PER_OWNER) throw validation(TOO_MANY_TEMPLATES);
      return [{ type: 'EmailTemplateSaved', data: { ownerId, scope: c.scope, templateId, name: c.name, subject: c.subject, body: c.body, byUserId } }];
    }
    case 'change': {
      const t = ownTemplate(s, templateId, c.asOwner);
      checkText(c);
      if ([...s].some(([id, o]) => id !== templateId && !o.deleted && o.scope === t.scope && sameName(o.name, c.name)))
        throw conflict(TEMPLATE_NAME_TAKEN(c.name));
      if (t.name === c.name && t.subject === c.subject && t.body === c.body) return [];
      return [{ type: 'EmailTemplateSaved', data: { ownerId, scope: t.scope, templateId, name: c.name, subject: c.subject, body: c.body, byUserId } }];
    }
    case 'delete': {
      const t = s.get(templateId);
      if (t?.deleted && (c.asOwner || t.scope === 'office')) return [];
      ownTemplate(s, templateId, c.asOwner);
      return [{ type: 'EmailTemplateDeleted', data: { ownerId, scope: t!.scope, templateId, byUserId } }];
    }
    default:
      return assertNever(c);
  }
}

export const templatesDecider: Decider<EmailTemplates, TemplateCommand, EmailTemplateEvent> = {
  initialState: () => new Map(),
  evolve: evolveTemplates,
  decide: decideTemplate,
};
