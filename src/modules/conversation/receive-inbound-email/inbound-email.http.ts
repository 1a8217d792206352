import { createHash } from 'node:crypto';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  Req,
  UploadedFiles,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { CONFIG } from '../../../runtime/tokens';
import type { CommandContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import { EMAIL_BODY_MAX } from '../../../contract/lead-email';
import { contract } from '../../../contract/routes';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { forbidden, notFound } from '../../../shared/errors';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logger';
import { stableId } from '../../../shared/stable-id';
import { AddressLimiter, SecretKey } from '../../accounts';
import { PortalMailIntake } from '../../integrations';
import { sniff, UploadStore } from '../../uploads';
import { emailStream, type LeadEmailEvent, type LeadEmailReceived } from '../conversation.events';
import { loadLead } from '../../leads';
import { leadEmailDecider } from '../send-lead-email/lead-email.decide';
import { replyTokenOf, verifyReplyToken } from '../send-lead-email/reply-address';
import { InboundMailParts, type InboundFile } from './inbound-parts';
import { readInboundForm } from './inbound-form';
import { MAILGUN_MAX_AGE_SECONDS } from './mailgun-signature';
import { newTextOf } from './quoted-history';
import { LeadEmailCommand } from '../send-lead-email/lead-email.command';
import { actOnEmailReply } from '../../compliance';

const log = logger('inbound-email');

export const INBOUND_EMAIL_PATH = `/${contract.leadEmail.inbound.path}`;
export { NOT_SIGNED, STALE } from './inbound-parts';
export const REPLAYED = 'This message was already delivered (its token was used before)';
export const NOT_A_THREAD = 'Not a reply address of ours';
/** A reply keeps at most this many attachments; the others count as refused. */
const MAX_ATTACHMENTS = 10;

/** Generous for a mail provider's few addresses; far below a flood. */
export const INBOUND_EMAIL_PER_ADDRESS: RateLimit = {
  name: 'inbound-email-address',
  limit: 300,
  windowSeconds: 60,
  message: 'Too many inbound e-mails from your address; please retry later',
};
/** One thread takes a conversation's pace, not an auto-responder loop's. */
export const INBOUND_EMAIL_PER_THREAD: RateLimit = {
  name: 'inbound-email-thread',
  limit: 60,
  windowSeconds: 3600,
  message: 'Too many e-mails to this thread in the last hour; please retry later',
};

/** Before the body is read: the route exists only with MAILGUN_WEBHOOK_SIGNING_KEY (else 404), and each address is limited. */
@Injectable()
export class InboundEmailGuard implements CanActivate {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.inboundEmail.mailgunSigningKey) throw notFound();
    await this.limiter.enforce(INBOUND_EMAIL_PER_ADDRESS, context.switchToHttp().getRequest<Request>());
    return true;
  }
}

/**
 * Replies to CRM e-mails (issue 16): Mailgun's inbound route forwards each message here in its
 * form shape. Verified as Mailgun documents (HMAC-SHA256 of timestamp + token under
 * MAILGUN_WEBHOOK_SIGNING_KEY, constant-time; older than 15 minutes: 403; a token used before:
 * 403; unsigned: 403). The recipient's reply token names the thread; one we did not sign answers
 * 406, which Mailgun takes as "rejected, do not retry", and never joins a thread. The new text
 * only (Mailgun's stripped-text, else the quoted history trimmed by us), attachments kept as
 * uploads (types and size as uploads allow; the rest counted as refused), `LeadEmailReceived` on
 * `email-{leadId}` once per Message-Id (else per token).
 */
@Controller()
export class InboundEmailController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(UploadStore) private readonly uploads: UploadStore,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(PortalMailIntake) private readonly portalMail: PortalMailIntake,
  ) {}

  /**
   * Mailgun only (signed; absent without MAILGUN_WEBHOOK_SIGNING_KEY). 403: unsigned, forged,
   * stale or replayed (refused before any file is read); 406: not a reply address of ours
   * (Mailgun does not retry); 413: over INBOUND_EMAIL_MAX_MB, or more than 100 files or fields.
   * The form is read from the request, not taken as a validated body: nothing of it counts
   * before InboundMailParts checked its signature.
   */
  @Route(contract.leadEmail.inbound)
  @UseGuards(InboundEmailGuard)
  @UseInterceptors(InboundMailParts)
  async inbound(@Req() req: Request, @UploadedFiles() files: InboundFile[] | undefined) {
    const now = new Date();
    // Signed and fresh: InboundMailParts checked it before reading any file.
    const form = readInboundForm((req.body ?? {}) as Record<string, unknown>);
    // Each token once: a signed post replayed (with other words: the signature does not cover them) is refused.
    const tokenKey = createHash('sha256').update(String(form.signature.token)).digest('base64url');
    if (!(await this.limiter.allow(`mailgun-token:${tokenKey}`, 1, MAILGUN_MAX_AGE_SECONDS * 2))) throw forbidden(REPLAYED);

    // An office's intake address (a portal's lead e-mail): the portal intake reads it or keeps it for the broker.
    if (this.portalMail.isIntakeAddress(form.recipient)) {
      const taken = await this.portalMail.receive((req.body ?? {}) as Record<string, unknown>, form.messageId);
      if (taken) return taken;
    }
    const secret = await this.secret.get();
    const replyToken = replyTokenOf(form.recipient, this.config.inboundEmail.domain);
    const leadId = replyToken ? verifyReplyToken(secret, replyToken) : null;
    const { lead } = leadId ? await loadLead(this.store, leadId) : { lead: { exists: false as const } };
    if (!lead.exists) {
      // Neither the address nor the words are logged.
      log.warn('an inbound e-mail to no thread of ours was refused', { token: replyToken ? 'forged or unknown' : 'none' });
      throw new HttpException({ message: NOT_A_THREAD }, HttpStatus.NOT_ACCEPTABLE);
    }
    await this.limiter.enforce(INBOUND_EMAIL_PER_THREAD, lead.leadId);

    const messageId = stableId(`inbound email ${lead.leadId} ${form.messageId ? `id ${form.messageId}` : `token ${tokenKey}`}`);
    const seen = fold(leadEmailDecider, (await this.store.readStream(emailStream(lead.leadId))) as unknown as LeadEmailEvent[]);
    if (seen.has(messageId)) return { message: 'Already received' };

    const { kept, refused } = await this.keep(files ?? []);
    const data: LeadEmailReceived['data'] = {
      leadId: lead.leadId,
      siteId: lead.siteId,
      messageId,
      from: form.from ?? '',
      subject: form.subject,
      body: newTextOf(form).slice(0, EMAIL_BODY_MAX),
      attachments: kept,
      ...(refused ? { attachmentsRefused: refused } : {}),
    };
    const ctx: CommandContext = { siteId: lead.siteId, actorId: lead.userId, impersonatorId: null, correlationId: newId(), causationId: null, now };
    await this.commands.execute(new LeadEmailCommand(emailStream(lead.leadId), { kind: 'receive', ...data }, ctx));
    // After the message is kept (the evidence): what its words say about e-mailing this lead.
    await actOnEmailReply(this.store, { userId: lead.userId, leadId: lead.leadId, messageId, body: data.body });
    return { message: 'Received' };
  }

  /** Attachments (`attachment-1..n`) as uploads, checked by their bytes like every upload; what uploads refuse is counted, not kept. */
  private async keep(files: readonly InboundFile[]): Promise<{ kept: LeadEmailReceived['data']['attachments'][number][]; refused: number }> {
    const kept: LeadEmailReceived['data']['attachments'][number][] = [];
    let refused = 0;
    for (const f of files.filter((x) => /^attachment-\d{1,3}$/.test(x.fieldname))) {
      const kind = f.buffer && f.buffer.length > 0 ? sniff(f.buffer) : null;
      if (!kind?.ok || kept.length >= MAX_ATTACHMENTS) {
        refused++;
        continue;
      }
      const uploadId = await this.uploads.save(f.buffer!, kind.ext);
      kept.push({ uploadId, name: cleanName(f.originalname, kind.ext), contentType: kind.mime });
    }
    return { kept, refused };
  }
}

// Control characters are exactly what it removes.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE_IN_NAME = /[\u0000-\u001f\u007f<>"]/g;

/** The sender's file name as shown to the agent: printable, short, never a path. */
function cleanName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(UNPRINTABLE_IN_NAME, '').trim().slice(0, 120);
  return base || `attachment.${ext}`;
}
