import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { type CommandContext, metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import type { Config } from '../../../config/config';
import { formatPhone } from '../../../contract/phone';
import { textLeadEmail } from '../../../contract/thread';
import { EventStore } from '../../../eventstore/event-store.port';
import { AppError } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { stableId } from '../../../shared/stable-id';
import { itemMark, leadsByPhone } from '../../../../projections/lead-thread';
import { usersWithCellPhone } from '../../../../projections/users';
import { userIdByEmail } from '../../accounts';
import { type InboundText, SmsSender } from '../../messaging';
import { sniff, UploadStore } from '../../uploads';
import { leadIdFor } from '../../leads';
import { smsStream, type TextMessageReceived } from '../conversation.events';
import { loadLead } from '../../leads';
import { SubmitInquiryCommand } from '../../leads';
import { type NumberSites, SiteNumbers } from '../site-numbers';
import { actOnConsentWording } from '../../compliance';

const log = logger('texts');

type Media = TextMessageReceived['data']['media'];

/**
 * A text a lead sent (not a carrier keyword) joins the thread of every lead it belongs to:
 * matched by the sender's number among the leads of the sites the receiving number serves;
 * from a number no lead there has, it becomes a lead of the number's site (source "text")
 * through the inquiry path. Once per MessageSid and lead, whatever the provider retries.
 */
@Injectable()
export class InboundTexts {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(SiteNumbers) private readonly numbers: SiteNumbers,
    @Inject(UploadStore) private readonly uploads: UploadStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /** The leads the text was recorded on (none when it could not be placed). */
  async receive(text: InboundText, phone: string): Promise<string[]> {
    const sites = await this.numbers.sitesFor(text.to);
    const ctx = systemContext();
    let leads: readonly { leadId: string; siteId: string; userId?: string }[] = await leadsByPhone(
      this.pool,
      phone,
      await usersWithCellPhone(this.pool, phone),
      sites,
    );
    if (leads.length === 0) {
      const captured = await this.capture(text, phone, sites, ctx);
      if (!captured) return [];
      leads = [captured];
    }
    // Once per MessageSid and lead: the event's id is derived from both, and the store's append is
    // idempotent by event id (a second delivery is a duplicate that writes nothing), so the
    // lead's sms stream, however long, is never read for it. The provider's media are fetched
    // once, and not again for a delivery the thread already has.
    const ids = leads.map((l) => ({ ...l, messageId: stableId(`text-received:${l.leadId}:${text.providerId}`) }));
    const known = await Promise.all(ids.map((l) => itemMark(this.pool, l.leadId, l.messageId)));
    const media = text.media.length && known.some((k) => !k) ? await this.keepMedia(text) : [];
    for (const l of ids) {
      const data: TextMessageReceived['data'] = {
        leadId: l.leadId,
        siteId: l.siteId,
        messageId: l.messageId,
        from: text.from,
        body: text.body,
        media,
        providerId: text.providerId,
      };
      await recordOnce(this.store, smsStream(l.leadId), [
        { type: 'TextMessageReceived', data, eventId: stableId(`text-received-event:${l.leadId}:${text.providerId}`), metadata: metadataOf(ctx) },
      ]);
      // After the message is kept (the evidence): what its words say about texting this lead.
      const userId = l.userId ?? (await this.userOf(l.leadId));
      if (userId) await actOnConsentWording(this.store, { userId, leadId: l.leadId, messageId: l.messageId, channel: 'text', body: text.body });
    }
    return leads.map((l) => l.leadId);
  }

  private async userOf(leadId: string): Promise<string | null> {
    const { lead } = await loadLead(this.store, leadId);
    return lead.exists ? lead.userId : null;
  }

  /**
   * A new lead for a number nobody has: its account gets a placeholder address in a domain no
   * mail reaches (the agent adds the real one), text consent (they wrote first), and the text as
   * its inquiry. A retry finds that account by the placeholder and its lead, and makes none again.
   */
  private async capture(text: InboundText, phone: string, sites: NumberSites, ctx: CommandContext): Promise<{ leadId: string; siteId: string } | null> {
    const site = sites.captureSite;
    if (!site) {
      log.warn('a text from an unknown number had no site to become a lead of');
      return null;
    }
    const email = textLeadEmail(phone);
    const existing = await userIdByEmail(this.store, email);
    if (existing) {
      const leadId = leadIdFor(existing, site.siteId);
      if ((await loadLead(this.store, leadId)).lead.exists) return { leadId, siteId: site.siteId };
    }
    const input = {
      siteId: site.siteId,
      listingPdid: null,
      leadType: 'Inquiry',
      fullName: `Texter ${formatPhone(phone)}`,
      email,
      phone,
      message: text.body,
      resumeUrl: null,
      firstTouch: { src: 'text', referrer: null, at: ctx.now.toISOString() },
    };
    try {
      const r = await this.commands.execute(new SubmitInquiryCommand(input, site, existing, ctx, { from: `a text to ${site.subdomain}` }));
      return { leadId: (r as { leadId: string }).leadId, siteId: site.siteId };
    } catch (err) {
      // Two deliveries of one text at once: the other one made the account; its lead is this text's.
      if (err instanceof AppError && err.code === 'conflict' && !existing) return this.capture(text, phone, sites, ctx);
      throw err;
    }
  }

  /** The MMS's media copied into our uploads (the provider's addresses expire); what cannot be had or is not a safe file is left out. */
  private async keepMedia(text: InboundText): Promise<Media> {
    const kept: { uploadId: string; contentType: string }[] = [];
    for (const m of text.media) {
      const bytes = await this.sms.fetchMedia(m.url, this.config.uploadMaxBytes);
      const kind = bytes ? sniff(bytes) : null;
      if (!bytes || !kind?.ok) {
        log.info('an MMS attachment was not kept', { contentType: m.contentType });
        continue;
      }
      kept.push({ uploadId: await this.uploads.save(bytes, kind.ext), contentType: kind.mime });
    }
    return kept;
  }
}
