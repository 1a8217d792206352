import type { CommandContext } from '../../commands/command-context';
import { fold } from '../../commands/decider';
import { handleCommand } from '../../commands/handle-command';
import type { PlanStep } from '../../contract/plans';
import type { StarterCopyResult, StarterPlan, StarterTemplate } from '../../contract/starter-kit';
import type { EventStore } from '../../eventstore/event-store.port';
import { conflict, notFound } from '../../shared/errors';
import { stableId } from '../../shared/stable-id';
import { emailTemplatesStream, type EmailTemplates, templatesDecider } from '../conversation';
import { planDecider, planStream } from '../plans';
import { STARTER_PLANS, STARTER_TEMPLATES } from './starter-kit.data';

/**
 * An office's copy of a starter has an id made from the office, the starter and a generation:
 * a second click (or a retried request) lands on the copy already made, and only once the
 * broker archived or deleted that copy does a new copy get the next generation's id.
 */
const GENERATIONS = 50;
const templateIdOf = (office: string, key: string, n: number) => stableId(`starter-template:${office}:${key}:${n}`);
const planIdOf = (office: string, key: string, n: number) => stableId(`starter-plan:${office}:${key}:${n}`);
const TOO_MANY_COPIES = 'This starter has been copied and removed too many times in this office';

async function officeTemplates(store: EventStore, office: string): Promise<EmailTemplates> {
  return fold(templatesDecider, (await store.readStream(emailTemplatesStream(office))) as unknown as Parameters<typeof templatesDecider.evolve>[1][]);
}

async function planState(store: EventStore, planId: string) {
  return fold(planDecider, (await store.readStream(planStream(planId))) as unknown as Parameters<typeof planDecider.evolve>[1][]);
}

/** The live copy of a starter template in the office (its id), or the generation a new copy takes. */
function templateCopy(templates: EmailTemplates, office: string, key: string): { live: string } | { next: string } {
  for (let n = 0; n < GENERATIONS; n++) {
    const id = templateIdOf(office, key, n);
    const t = templates.get(id);
    if (!t) return { next: id };
    if (!t.deleted) return { live: id };
  }
  throw conflict(TOO_MANY_COPIES);
}

async function planCopy(store: EventStore, office: string, key: string): Promise<{ live: string } | { next: string }> {
  for (let n = 0; n < GENERATIONS; n++) {
    const id = planIdOf(office, key, n);
    const p = await planState(store, id);
    if (!p.exists) return { next: id };
    if (!p.archived) return { live: id };
  }
  throw conflict(TOO_MANY_COPIES);
}

export const starterTemplate = (key: string): StarterTemplate => STARTER_TEMPLATES.find((t) => t.key === key) ?? notFoundStarter();
export const starterPlan = (key: string): StarterPlan => STARTER_PLANS.find((p) => p.key === key) ?? notFoundStarter();
const notFoundStarter = (): never => {
  throw notFound('No such starter');
};

/** Copies a starter template into the office's templates (an ordinary office template from then on). */
export async function copyStarterTemplate(store: EventStore, office: string, key: string, byUserId: string, ctx: CommandContext): Promise<StarterCopyResult> {
  const t = starterTemplate(key);
  const found = templateCopy(await officeTemplates(store, office), office, key);
  if ('live' in found) return { id: found.live, created: false };
  const { events } = await handleCommand(
    store,
    emailTemplatesStream(office),
    templatesDecider,
    { kind: 'create', ownerId: office, scope: 'office', templateId: found.next, byUserId, name: t.name, subject: t.subject, body: t.body },
    ctx,
  );
  return { id: found.next, created: events.length > 0 };
}

/** Copies a starter plan into the office's plans, with the templates its e-mails send (each copied once). */
export async function copyStarterPlan(store: EventStore, office: string, key: string, byUserId: string, ctx: CommandContext): Promise<StarterCopyResult> {
  const plan = starterPlan(key);
  const found = await planCopy(store, office, key);
  if ('live' in found) return { id: found.live, created: false };
  const templateIds = new Map<string, string>();
  for (const s of plan.steps)
    if (s.kind === 'email' && !templateIds.has(s.templateKey))
      templateIds.set(s.templateKey, (await copyStarterTemplate(store, office, s.templateKey, byUserId, ctx)).id);
  const steps: PlanStep[] = plan.steps.map((s) =>
    s.kind === 'email' ? { kind: 'email', templateId: templateIds.get(s.templateKey)!, condition: s.condition } : s,
  );
  const { events } = await handleCommand(
    store,
    planStream(found.next),
    planDecider,
    { kind: 'create', planId: found.next, scope: 'office', ownerId: office, byUserId, name: plan.name, steps, triggers: plan.triggers },
    ctx,
  );
  return { id: found.next, created: events.length > 0 };
}

/** Which starters the office holds a live copy of, by key. */
export async function officeCopies(store: EventStore, office: string): Promise<{ plans: Record<string, string>; templates: Record<string, string> }> {
  const templates = await officeTemplates(store, office);
  const out = { plans: {} as Record<string, string>, templates: {} as Record<string, string> };
  for (const t of STARTER_TEMPLATES) {
    const found = templateCopy(templates, office, t.key);
    if ('live' in found) out.templates[t.key] = found.live;
  }
  for (const p of STARTER_PLANS) {
    const found = await planCopy(store, office, p.key);
    if ('live' in found) out.plans[p.key] = found.live;
  }
  return out;
}
