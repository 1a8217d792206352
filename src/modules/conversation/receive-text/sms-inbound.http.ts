import {
  type CallHandler,
  type CanActivate,
  Controller,
  type ExecutionContext,
  Header,
  Inject,
  Injectable,
  type NestInterceptor,
  Req,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import { metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import { usersWithCellPhone } from '../../../../projections/users';
import { leadsByPhone } from '../../../../projections/lead-thread';
import type { Config } from '../../../config/config';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { readSmallBody } from '../../../http/unread-body';
import { forbidden, notFound } from '../../../shared/errors';
import { stableId } from '../../../shared/stable-id';
import { loadAccount, UpdateAccountCommand, updateAccountDecider, userStream } from '../../accounts';
import { carrierKeyword, SmsSender, threadKey } from '../../messaging';
import { InboundTexts } from './inbound-texts';
import { SiteNumbers } from '../site-numbers';
import { helpReply, startReply, twiml } from '../../messaging';

export const SMS_INBOUND_PATH = `/${contract.conversation.inboundText.path}`;
/** Twilio's form (a text of 1,600 characters, ten media addresses and its own fields) is a few KB. */
const SMS_INBOUND_MAX_BYTES = 64 * 1024;

/** Before the body is read: the route exists only when Twilio is configured (else 404). */
@Injectable()
export class TwilioConfiguredGuard implements CanActivate {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  canActivate(): boolean {
    if (!this.config.twilio) throw notFound();
    return true;
  }
}

/**
 * The form Twilio posts, read by us rather than the app's body parsers: at most 64 KB (more is
 * refused with 413 without reading it), each name with its value or values in order.
 */
@Injectable()
export class TwilioForm implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const raw = await readSmallBody(req, http.getResponse<Response>(), SMS_INBOUND_MAX_BYTES);
    const params: Record<string, string | string[]> = {};
    for (const [name, value] of new URLSearchParams(raw.toString('utf8'))) {
      const before = params[name];
      params[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    }
    req.body = params;
    return next.handle();
  }
}

/**
 * The SMS provider's webhook for what leads text (issue 16). The carrier keywords act and are
 * not messages: STOP (and its synonyms) revokes text consent of every account with that number
 * (its cell phone, or its lead's phone), START gives it back and confirms, HELP answers who is
 * texting and how to stop. Every other text or MMS, from a number of any country, joins the
 * thread of the lead(s) it belongs to, or makes a new lead
 * (InboundTexts). It exists only when Twilio is configured, and the adapter checks Twilio's
 * signature over the address Twilio posted to: PUBLIC_URL with this path and the query as
 * received — never the Host header, which the sender chooses.
 */
@Controller()
export class SmsInboundController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SmsSender) private readonly sms: SmsSender,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(InboundTexts) private readonly inbound: InboundTexts,
    @Inject(SiteNumbers) private readonly numbers: SiteNumbers,
  ) {}

  @Route(contract.conversation.inboundText)
  @Header('Content-Type', 'text/xml')
  @UseGuards(TwilioConfiguredGuard)
  @UseInterceptors(TwilioForm)
  async receive(@Req() req: Request): Promise<string> {
    const params = req.body as Record<string, string | string[]>;
    // Nothing of the form is used before the signature over all of it is checked.
    const text = this.sms.parseInbound({ url: `${this.config.publicUrl}${req.originalUrl}`, params, headers: req.headers });
    if (!text) throw forbidden('Not a signed message from the SMS provider');
    // A number of any country, keyed as the CRM stores it: ten digits in North America, else E.164.
    const phone = threadKey(text.from);
    const keyword = carrierKeyword(text.body);
    if (keyword === 'help') return twiml(helpReply(await this.siteName(text.to)));
    if (keyword && phone) {
      for (const userId of await this.holdersOf(phone)) await this.consent(userId, keyword === 'start', text.providerId);
      return twiml(keyword === 'start' ? startReply(await this.siteName(text.to)) : null);
    }
    // What is no phone number (a short code) or a message without its id: acknowledged, not threaded.
    if (phone && text.providerId && !keyword) await this.inbound.receive(text, phone);
    return twiml(null);
  }

  /**
   * Whose texts a keyword from the number speaks for: every account with it as its cell phone,
   * and every lead with it as their phone (a number abroad is never kept as a cell phone).
   */
  private async holdersOf(phone: string): Promise<string[]> {
    const [cells, leads] = await Promise.all([usersWithCellPhone(this.pool, phone), leadsByPhone(this.pool, phone, [], { except: [] })]);
    return [...new Set([...cells, ...leads.map((l) => l.userId)])];
  }

  private async siteName(to: string): Promise<string> {
    return (await this.numbers.sitesFor(to)).captureSite?.name ?? 'Porchlight';
  }

  /**
   * The account's text consent as the keyword says, by its own decide (nothing when it already
   * is). Once per MessageSid: the change's event id is derived from it, so a signed STOP or START
   * posted again (a provider retry, or a captured request replayed after the lead changed their
   * mind) is a duplicate the store writes nothing for.
   */
  private async consent(userId: string, granted: boolean, providerId: string): Promise<void> {
    const { account } = await loadAccount(this.store, userId);
    if (!account.exists) return;
    const ctx = { ...systemContext(), siteId: account.siteId, actorId: userId };
    const source = { how: 'text-reply', from: granted ? 'a START reply to a text' : 'a STOP reply to a text', at: ctx.now.toISOString() } as const;
    const command = { userId, consent: { text: granted }, source };
    if (!providerId) {
      await this.commands.execute(new UpdateAccountCommand(userStream(userId), command, ctx));
      return;
    }
    const events = updateAccountDecider.decide(command, account);
    if (events.length === 0) return;
    const metadata = metadataOf(ctx);
    await recordOnce(
      this.store,
      userStream(userId),
      events.map((e, i) => ({ ...e, eventId: stableId(`text-keyword:${userId}:${providerId}:${i}`), metadata })),
    );
  }
}
