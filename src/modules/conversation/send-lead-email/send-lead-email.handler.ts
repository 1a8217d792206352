import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { type StoredTemplate, templateById } from '../../../../projections/email-templates';
import { SearchIndex } from '../../../../projections/search';
import { DB_POOL } from '../../../runtime/tokens';
import { handleCommand } from '../../../commands/handle-command';
import { type EmailPreview, LeadEmailBody, LeadEmailFields, type LeadEmailInput } from '../../../contract/lead-email';
import { emptyMergeFields, renderMergeFields, unknownMergeFields, unknownMergeFieldsMessage } from '../../../contract/merge-fields';
import { EventStore } from '../../../eventstore/event-store.port';
import { RateLimiter, type RateLimit } from '../../../http/rate-limiter';
import { conflict, notFound, validation } from '../../../shared/errors';
import { undeliverable, undeliverableMessage } from '../../compliance';
import { newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { type ExistingAccount, isValidEmail, loadAccount } from '../../accounts';
import { addressText, listingPriceText } from '../../messaging';
import { SiteResolver } from '../../sites';
import { dashboardViewer, mayView, type Viewer } from '../../../shared/viewer/viewer';
import { officeOfViewer } from '../../../shared/viewer/template-office';
import { evolveLead, initialLead, type Lead, leadStream } from '../../leads';
import { emailStream } from '../conversation.events';
import { type InquirySubmitted, type LeadEvent } from '../../leads/leads.events';
import { isLeadId } from '../../leads';
import { EMAIL_UNSUBSCRIBED, leadEmailDecider, NO_EMAIL_ADDRESS } from './lead-email.decide';
import { leadMergeValues } from './merge-values';

export const TEMPLATE_NOT_USABLE = 'Template not found';

/** An agent e-mails leads one at a time, by hand: far above that is a script. */
export const LEAD_EMAILS_PER_USER: RateLimit = {
  name: 'lead-email-user',
  limit: 300,
  windowSeconds: 3600,
  message: 'You have sent too many e-mails in the last hour. Please try again later.',
};

export { LeadEmailBody, LeadEmailFields, type LeadEmailInput };

type Facts = {
  readonly viewer: Viewer;
  readonly lead: Extract<Lead, { exists: true }>;
  readonly account: ExistingAccount | null;
  readonly template: StoredTemplate | null;
  readonly values: ReturnType<typeof leadMergeValues>;
  readonly subject: string;
  readonly body: string;
};

/**
 * CRM e-mail from the lead page (issue 16): the e-mail branch of `POST
 * /api/dashboard/leads/{leadId}/messages` and the lead page's own `…/emails` call this. Scoped
 * like the dashboard (agent own, broker office, staff all; others 404; leads 403), e-mail
 * consent from the accounts ledger, the template's text when none is typed, merge fields
 * filled by the decide, `LeadEmailSent` on `email-{leadId}`. Sending is the outbox's
 * (LeadEmailSender), never this request's: exactly once, whatever the request does after.
 */
@Injectable()
export class LeadEmails {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  async sendLeadEmail(req: Request, leadId: string, input: LeadEmailInput): Promise<{ messageId: string }> {
    const f = await this.facts(req, leadId, input);
    await this.limiter.enforce(LEAD_EMAILS_PER_USER, f.viewer.userId);
    const bounced = isValidEmail(f.lead.email) ? await undeliverable(this.store, f.lead.email) : null;
    if (bounced) throw conflict(undeliverableMessage(f.lead.email, bounced));
    const messageId = input.messageId ?? newId();
    await handleCommand(
      this.store,
      emailStream(f.lead.leadId),
      leadEmailDecider,
      {
        kind: 'send',
        leadId: f.lead.leadId,
        siteId: f.lead.siteId,
        messageId,
        byUserId: f.viewer.userId,
        subject: f.subject,
        body: f.body,
        templateId: f.template?.templateId ?? null,
        values: f.values,
        emailConsent: f.account?.consent.email ?? false,
        hasAddress: isValidEmail(f.lead.email),
      },
      commandContextOf(req),
    );
    return { messageId };
  }

  /** What sending would put in the e-mail, and whether it may be sent (the composer's preview and its reason). */
  async preview(req: Request, leadId: string, input: LeadEmailInput): Promise<EmailPreview> {
    const f = await this.facts(req, leadId, input);
    const bounced = isValidEmail(f.lead.email) ? await undeliverable(this.store, f.lead.email) : null;
    const reason = !f.account?.consent.email
      ? EMAIL_UNSUBSCRIBED
      : !isValidEmail(f.lead.email)
        ? NO_EMAIL_ADDRESS
        : bounced
          ? undeliverableMessage(f.lead.email, bounced)
          : null;
    // Unfinished text previews as far as it goes; only an unknown field is refused, as sending would.
    const unknown = unknownMergeFields(f.subject, f.body);
    if (unknown.length) throw validation(unknownMergeFieldsMessage(unknown));
    return {
      to: f.lead.email,
      subject: renderMergeFields(f.subject, f.values).trim(),
      body: renderMergeFields(f.body.replace(/\r\n?/g, '\n'), f.values).trim(),
      emptyFields: emptyMergeFields(f.values, f.subject, f.body),
      canSend: reason === null,
      reason,
    };
  }

  private async facts(req: Request, leadId: string, input: LeadEmailInput): Promise<Facts> {
    const viewer = dashboardViewer(req);
    if (!isLeadId(leadId)) throw notFound();
    const events = (await this.store.readStream(leadStream(leadId))) as unknown as LeadEvent[];
    const lead = events.reduce(evolveLead, initialLead());
    if (!lead.exists || !mayView(viewer, lead)) throw notFound();
    const template = input.templateId ? await this.usableTemplate(input.templateId, viewer, lead) : null;
    const [{ account }, { account: sender }, site] = await Promise.all([
      loadAccount(this.store, lead.userId),
      loadAccount(this.store, viewer.userId),
      this.sites.byId(lead.siteId),
    ]);
    const pdid = events.findLast((e): e is InquirySubmitted => e.type === 'InquirySubmitted' && !!e.data.listingPdid)?.data.listingPdid ?? lead.listingPdid;
    const [listing] = pdid ? await this.index.listings([pdid]) : [];
    const values = leadMergeValues({
      leadFullName: lead.fullName,
      registered: account.exists ? account : null,
      sender: sender.exists ? sender : null,
      siteName: site?.name ?? '',
      listing: listing ? { address: addressText(listing), price: listingPriceText(listing) } : null,
    });
    return {
      viewer,
      lead,
      account: account.exists ? account : null,
      template,
      values,
      subject: input.subject ?? template?.subject ?? '',
      body: input.body ?? template?.body ?? '',
    };
  }

  /** The viewer's personal templates, and the office's of the lead or of the viewer; anything else is not found. */
  private async usableTemplate(templateId: string, viewer: Viewer, lead: Extract<Lead, { exists: true }>): Promise<StoredTemplate> {
    const t = await templateById(this.pool, templateId);
    const usable = t && (t.scope === 'personal' ? t.ownerId === viewer.userId : t.ownerId === lead.officeId || t.ownerId === officeOfViewer(viewer));
    if (!usable) throw notFound(TEMPLATE_NOT_USABLE);
    return t;
  }
}
