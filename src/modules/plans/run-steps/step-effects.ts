import type pg from 'pg';
import { type StoredTemplate, templateById } from '../../../../projections/email-templates';
import { systemContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import { handleCommand } from '../../../commands/handle-command';
import { decideAndAppend } from '../../../commands/decide-and-append';
import { renderMergeFields } from '../../../contract/merge-fields';
import type { PlanStep } from '../../../contract/plans';
import type { EventStore } from '../../../eventstore/event-store.port';
import { AppError } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { stableId } from '../../../shared/stable-id';
import { type Account, type AccountEvent, evolveAccount, initialAccount, isValidEmail, loadAccount, toNewEvents, userStream } from '../../accounts';
import { decideChangeStage, decideOnLead, decideTagLead, type Lead, loadLead, loadLeads } from '../../leads';
import { emailStream, leadEmailDecider, leadMergeValues, smsStream } from '../../conversation';
import { queueAutomatedText } from '../../compliance';
import { textEligibility } from '../../messaging';
import type { SiteResolver } from '../../sites';
import { createTaskDecider, taskStream } from '../../tasks';

const log = logger('plans');

type ExistingLead = Extract<Lead, { exists: true }>;
type Site = Awaited<ReturnType<SiteResolver['byId']>>;
type LeadEmailCommand = Parameters<typeof leadEmailDecider.decide>[0];
type LeadEmailEvent = ReturnType<typeof leadEmailDecider.decide>[number];

/** A step recorded done, as its plan_work row holds it. */
export type StepEffect = { readonly stepId: string; readonly enrolmentId: string; readonly step: PlanStep; readonly byUserId: string; readonly at: string };

export type EffectDeps = {
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly sites: SiteResolver;
};

/** The ids of what a step makes: the same step always makes the same e-mail, text or task, so doing it again (a crash, another instance) adds nothing. */
export const stepMessageId = (stepId: string, kind: 'email' | 'text' | 'task'): string => stableId(`plan ${kind} ${stepId}`);

/**
 * Does what a step recorded done asks, through the leads and tasks contexts' own deciders: the
 * e-mail is recorded on the lead's e-mail thread (LeadEmailSent; its outbox sends it, checking
 * consent again), the text is sent through the SMS port and recorded (TextMessageSent), the task
 * created, the stage or tags changed. A refusal of those deciders (the lead unsubscribed or
 * left the pipeline's stage since) leaves the step done without effect; any other failure is
 * thrown, and the row is tried again.
 */
export async function applyStepEffect(d: EffectDeps, leadId: string, effect: StepEffect, now: Date): Promise<void> {
  const { lead } = await loadLead(d.store, leadId);
  if (!lead.exists) return;
  const ctx = systemContext(now, lead.siteId);
  const { step, stepId, byUserId } = effect;
  // Messages go out in the name of the lead's agent (their signature, their thread), else of whoever enrolled.
  const sender = messageSender(lead, byUserId);
  try {
    switch (step.kind) {
      case 'email': {
        const template = await templateById(d.pool, step.templateId);
        if (!template) return;
        const [{ account }, { account: from }, site] = await Promise.all([
          loadAccount(d.store, lead.userId),
          loadAccount(d.store, sender),
          d.sites.byId(lead.siteId),
        ]);
        await handleCommand(d.store, emailStream(leadId), leadEmailDecider, emailCommand(lead, effect, template, account, from, site), ctx);
        return;
      }
      case 'text':
        return await sendText(d, lead, effect, step.body, ctx.now);
      case 'task': {
        const taskId = stepMessageId(stepId, 'task');
        const dueAt = new Date(Date.parse(effect.at) + step.dueInDays * 86_400_000).toISOString();
        const c = {
          taskId,
          leadId,
          siteId: lead.siteId,
          officeId: lead.officeId,
          leadAgentId: lead.agentId,
          title: step.title,
          taskType: step.taskType,
          dueAt,
          byUserId,
        };
        await handleCommand(d.store, taskStream(taskId), createTaskDecider, c, ctx);
        return;
      }
      case 'stage':
        await decideOnLead(
          d.store,
          leadId,
          (l, pipeline) => (l.exists ? decideChangeStage({ stage: step.stage, pipeline, byUserId }, l) : []),
          () => ctx,
        );
        return;
      case 'add-tag':
      case 'remove-tag': {
        const tagsOf = (tags: readonly string[]) =>
          step.kind === 'add-tag' ? [...tags, step.tag] : tags.filter((t) => t.toLocaleLowerCase('en-US') !== step.tag.toLocaleLowerCase('en-US'));
        await decideOnLead(
          d.store,
          leadId,
          (l) => (l.exists ? decideTagLead({ tags: tagsOf(l.tags), byUserId }, l) : []),
          () => ctx,
        );
        return;
      }
      case 'wait':
        return;
    }
  } catch (err) {
    if (!(err instanceof AppError) || err.code === 'conflict') throw err;
    log.info('a plan step was refused when it took effect', { stepId, kind: step.kind, code: err.code });
  }
}

/** Who a plan's e-mail or text is from: the lead's agent, else (a pond lead) whoever the step acts for. */
export const messageSender = (lead: { readonly agentId: string | null }, byUserId: string): string => lead.agentId ?? byUserId;

/** The merge fields of a plan's message: the lead's, their account's, the sender's, the site's. */
function mergeValues(lead: ExistingLead, account: Account, sender: Account, site: Site) {
  return leadMergeValues({
    leadFullName: lead.fullName,
    registered: account.exists ? account : null,
    sender: sender.exists ? sender : null,
    siteName: site?.name ?? '',
    listing: null,
  });
}

async function mergeValuesOf(d: EffectDeps, lead: ExistingLead, byUserId: string) {
  const [{ account }, { account: sender }, site] = await Promise.all([
    loadAccount(d.store, lead.userId),
    loadAccount(d.store, byUserId),
    d.sites.byId(lead.siteId),
  ]);
  return { values: mergeValues(lead, account, sender, site), account: account.exists ? account : null };
}

/** The LeadEmailSent a plan's e-mail step asks for (its message id derived from the step: the same step never records two). */
function emailCommand(lead: ExistingLead, effect: StepEffect, template: StoredTemplate, account: Account, sender: Account, site: Site): LeadEmailCommand {
  return {
    kind: 'send',
    leadId: lead.leadId,
    siteId: lead.siteId,
    messageId: stepMessageId(effect.stepId, 'email'),
    byUserId: messageSender(lead, effect.byUserId),
    subject: template.subject,
    body: template.body,
    templateId: template.templateId,
    values: mergeValues(lead, account, sender, site),
    emailConsent: account.exists && account.consent.email,
    hasAddress: isValidEmail(lead.email),
  };
}

/** A queued e-mail effect: its plan_work row and what it asks. */
export type EmailEffect = { readonly workId: string; readonly leadId: string; readonly effect: StepEffect };

/**
 * The e-mail effects of a burst (many leads' e-mail steps recorded at once), set-based: the leads,
 * their and the senders' accounts and e-mail threads in two reads of the log, each template and
 * site once; then each LeadEmailSent decided on the thread as read and appended with its revision,
 * all at once (the store commits concurrent appends together). Answers the work ids that are done
 * (recorded, already recorded, or refused for good as applyStepEffect would); a lost race, a lead's
 * second e-mail of the batch and any failure are left for applyStepEffect, one at a time.
 */
export async function applyEmailEffects(d: EffectDeps, items: readonly EmailEffect[], now: Date): Promise<string[]> {
  const leads = await loadLeads(
    d.store,
    items.map((i) => i.leadId),
  );
  const firstOfLead = new Map<string, EmailEffect>();
  for (const i of items) if (!firstOfLead.has(i.leadId)) firstOfLead.set(i.leadId, i);
  const batch = [...firstOfLead.values()];
  const existing = batch.map((i) => leads.get(i.leadId)).filter((l): l is ExistingLead => !!l?.exists);
  const templateIds = [...new Set(batch.map((i) => (i.effect.step.kind === 'email' ? i.effect.step.templateId : '')).filter(Boolean))];
  const siteIds = [...new Set(existing.map((l) => l.siteId))];
  const [streams, templates, sites] = await Promise.all([
    d.store.readStreams([
      ...new Set([
        ...existing.flatMap((l) => [userStream(l.userId), emailStream(l.leadId)]),
        ...batch.map((i) => userStream(messageSender(leads.get(i.leadId) as { agentId: string | null }, i.effect.byUserId))),
      ]),
    ]),
    Promise.all(templateIds.map(async (id) => [id, await templateById(d.pool, id)] as const)).then((ts) => new Map(ts)),
    Promise.all(siteIds.map(async (id) => [id, await d.sites.byId(id)] as const)).then((ss) => new Map(ss)),
  ]);
  const accountOf = (userId: string) =>
    fold({ initialState: initialAccount, evolve: evolveAccount }, (streams.get(userStream(userId)) ?? []) as unknown as AccountEvent[]);
  const done: string[] = [];
  await Promise.all(
    batch.map(async (i) => {
      const lead = leads.get(i.leadId);
      const step = i.effect.step;
      const template = step.kind === 'email' ? templates.get(step.templateId) : null;
      if (!lead?.exists || !template) return void done.push(i.workId);
      const command = emailCommand(lead, i.effect, template, accountOf(lead.userId), accountOf(messageSender(lead, i.effect.byUserId)), sites.get(lead.siteId));
      try {
        // The batch's read first; a lost race reads the thread again.
        await decideAndAppend(d.store, async (n) => {
          const thread = n === 1 ? (streams.get(emailStream(lead.leadId)) ?? []) : await d.store.readStream(emailStream(lead.leadId));
          const events = leadEmailDecider.decide(command, fold(leadEmailDecider, thread as unknown as LeadEmailEvent[]));
          const appends = events.length
            ? [
                {
                  streamId: emailStream(lead.leadId),
                  expected: thread.at(-1)?.streamPosition ?? ('no_stream' as const),
                  events: toNewEvents(events, systemContext(now, lead.siteId)),
                },
              ]
            : [];
          return { appends, result: undefined };
        });
        done.push(i.workId);
      } catch (err) {
        if (err instanceof AppError && err.code !== 'conflict') {
          log.info('a plan step was refused when it took effect', { stepId: i.effect.stepId, kind: step.kind, code: err.code });
          done.push(i.workId);
        } else log.warn('a plan e-mail failed in its batch; it is tried by itself', { stepId: i.effect.stepId, error: (err as Error).message });
      }
    }),
  );
  return done;
}

/**
 * A text: consent and a cell phone checked now, then queued with the step's message id for the
 * lead's window (quiet hours, the office's daily number); the automated texts' outbox sends it
 * and records TextMessageSent. A text already recorded or queued is not queued again.
 */
async function sendText(d: EffectDeps, lead: Extract<Lead, { exists: true }>, effect: StepEffect, template: string, now: Date): Promise<void> {
  const messageId = stepMessageId(effect.stepId, 'text');
  const thread = await d.store.readStream(smsStream(lead.leadId));
  if (thread.some((e) => (e.data as { messageId?: string }).messageId === messageId)) return;
  const sender = messageSender(lead, effect.byUserId);
  const { values, account } = await mergeValuesOf(d, lead, sender);
  if (!account || textEligibility(account)) return;
  const body = renderMergeFields(template, values).trim();
  // Through the automated texts' outbox: it goes in the lead's window, within the office's daily number.
  await queueAutomatedText(d.store, d.pool, { lead, messageId, byUserId: sender, body, cellPhone: account.cellPhone! }, now);
}
