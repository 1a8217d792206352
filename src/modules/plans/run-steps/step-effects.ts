import type pg from 'pg';
import { templateById } from '../../../../projections/email-templates';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { renderMergeFields } from '../../../contract/merge-fields';
import type { PlanStep } from '../../../contract/plans';
import type { EventStore } from '../../../eventstore/event-store.port';
import { AppError } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { stableId } from '../../../shared/stable-id';
import { isValidEmail, loadAccount } from '../../accounts';
import {
  decideChangeStage,
  decideOnLead,
  decideTagLead,
  emailStream,
  type Lead,
  leadEmailDecider,
  leadMergeValues,
  loadLead,
  SiteNumbers,
  smsDecider,
  smsStream,
  textEligibility,
} from '../../leads';
import type { SmsSender } from '../../messaging';
import type { SiteResolver } from '../../sites';
import { createTaskDecider, taskStream } from '../../tasks';

const log = logger('plans');

/** A step recorded done, as its plan_work row holds it. */
export type StepEffect = { readonly stepId: string; readonly enrolmentId: string; readonly step: PlanStep; readonly byUserId: string; readonly at: string };

export type EffectDeps = { readonly store: EventStore; readonly pool: pg.Pool; readonly sms: SmsSender; readonly numbers: SiteNumbers; readonly sites: SiteResolver };

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
        const { values, account } = await mergeValuesOf(d, lead, sender);
        await handleCommand(
          d.store,
          emailStream(leadId),
          leadEmailDecider,
          {
            kind: 'send',
            leadId,
            siteId: lead.siteId,
            messageId: stepMessageId(stepId, 'email'),
            byUserId: sender,
            subject: template.subject,
            body: template.body,
            templateId: template.templateId,
            values,
            emailConsent: account?.consent.email ?? false,
            hasAddress: isValidEmail(lead.email),
          },
          ctx,
        );
        return;
      }
      case 'text':
        return await sendText(d, lead, effect, step.body, ctx.now);
      case 'task': {
        const taskId = stepMessageId(stepId, 'task');
        const dueAt = new Date(Date.parse(effect.at) + step.dueInDays * 86_400_000).toISOString();
        const c = { taskId, leadId, siteId: lead.siteId, officeId: lead.brokerId, leadAgentId: lead.agentId, title: step.title, taskType: step.taskType, dueAt, byUserId };
        await handleCommand(d.store, taskStream(taskId), createTaskDecider, c, ctx);
        return;
      }
      case 'stage':
        await decideOnLead(d.store, leadId, (l, pipeline) => (l.exists ? decideChangeStage({ stage: step.stage, pipeline, byUserId }, l) : []), () => ctx);
        return;
      case 'add-tag':
      case 'remove-tag': {
        const tagsOf = (tags: readonly string[]) =>
          step.kind === 'add-tag' ? [...tags, step.tag] : tags.filter((t) => t.toLocaleLowerCase('en-US') !== step.tag.toLocaleLowerCase('en-US'));
        await decideOnLead(d.store, leadId, (l) => (l.exists ? decideTagLead({ tags: tagsOf(l.tags), byUserId }, l) : []), () => ctx);
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

async function mergeValuesOf(d: EffectDeps, lead: Extract<Lead, { exists: true }>, byUserId: string) {
  const [{ account }, { account: sender }, site] = await Promise.all([loadAccount(d.store, lead.userId), loadAccount(d.store, byUserId), d.sites.byId(lead.siteId)]);
  const values = leadMergeValues({
    leadFullName: lead.fullName,
    registered: account.exists ? account : null,
    sender: sender.exists ? sender : null,
    siteName: site?.name ?? '',
    listing: null,
  });
  return { values, account: account.exists ? account : null };
}

/**
 * A text: consent and a cell phone checked now, then the SMS port, then TextMessageSent with the
 * step's message id. A text already recorded (the port accepted it and the record was made
 * before a crash) is not sent again; only a death between the provider accepting it and the
 * record can send it twice (no provider joins our transaction), as for every outbox.
 */
async function sendText(d: EffectDeps, lead: Extract<Lead, { exists: true }>, effect: StepEffect, template: string, now: Date): Promise<void> {
  const messageId = stepMessageId(effect.stepId, 'text');
  const thread = await d.store.readStream(smsStream(lead.leadId));
  if (thread.some((e) => (e.data as { messageId?: string }).messageId === messageId)) return;
  const sender = messageSender(lead, effect.byUserId);
  const { values, account } = await mergeValuesOf(d, lead, sender);
  if (!account || textEligibility(account)) return;
  const body = renderMergeFields(template, values).trim();
  const { providerId } = await d.sms.send({ to: account.cellPhone!, body, mediaUrl: null, from: await d.numbers.fromFor(lead.siteId) });
  await handleCommand(
    d.store,
    smsStream(lead.leadId),
    smsDecider,
    { leadId: lead.leadId, siteId: lead.siteId, messageId, byUserId: sender, kind: 'text', body, mediaUrl: null, providerId },
    systemContext(now, lead.siteId),
  );
}
