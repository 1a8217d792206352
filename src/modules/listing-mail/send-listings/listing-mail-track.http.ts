import { Controller, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import type { RateLimit } from '../../../http/rate-limiter';
import { forbidden, validation } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { AddressLimiter, SecretKey } from '../../accounts';
import { commandContextOf } from '../../../commands/request-context';
import { sendTrackingPixel, TRACKED_LINK_HEADERS } from '../../messaging';
import { listingMailStream } from '../listing-mail.events';
import { type ListingLinkPurpose, checkListingLink, listingPagePath } from './listing-mail-links';
import { listingMailDecider } from './listing-mail.decide';
import { ListingMailCommand } from './listing-mail.command';

const log = logger('listing-mail');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Only our own listing pages: /listing/{pdid}, nothing before it, nothing after it. */
const LISTING_PAGE = /^\/listing\/([^/?#\\]{1,300})$/;
export const NOT_OUR_LINK = 'This link does not lead to a listing of ours';
export const FORGED_LINK = 'This link is not valid';
/** Anyone can call these (mail clients, proxies, scanners): counted per client address. */
export const TRACKING_LIMIT: RateLimit = {
  name: 'listing-mail-tracking',
  limit: 120,
  windowSeconds: 60,
  message: 'Too many requests; please try again in a minute',
};

/**
 * What comes back from an e-mail of listings (issue 16): its 1×1 tracking image records that it
 * was opened (once), its links record each click (a repeat of a listing within a minute once)
 * and lead to the listing on the site. A click goes only to one of our listing pages that the
 * e-mail carried, named by `to` and bound into the token's MAC: any other address is refused
 * (no open redirect), and so is a forged token; an expired one still leads to its listing but
 * records nothing. The image answers a GIF whatever its token. Tokens are never logged.
 */
@Controller()
export class ListingMailTrackController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(AddressLimiter) private readonly limiter: AddressLimiter,
  ) {}

  @Route(contract.listingMail.pixel)
  async pixel(@Param('messageId') messageId: string, @Query('t') token: string | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.limiter.enforce(TRACKING_LIMIT, req);
    try {
      if ((await this.check(token, 'pixel', messageId)) === 'good') await this.record(req, messageId, { kind: 'open', messageId, how: 'pixel' });
    } catch (err) {
      log.warn('a listing e-mail image could not record the opening', { name: (err as Error).name, message: (err as Error).message });
    }
    sendTrackingPixel(res);
  }

  @Route(contract.listingMail.click)
  async click(
    @Param('messageId') messageId: string,
    @Query('to') to: string | undefined,
    @Query('t') token: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<undefined> {
    await this.limiter.enforce(TRACKING_LIMIT, req);
    const pdid = to === undefined ? null : listingOf(to);
    if (pdid === null) throw validation(NOT_OUR_LINK);
    const check = await this.check(token, 'click', messageId, pdid);
    if (check === 'malformed' || check === 'forged') throw forbidden(FORGED_LINK);
    if (check === 'good') {
      const recorded = await this.record(req, messageId, { kind: 'click', messageId, pdid, at: new Date().toISOString() }).catch((err: unknown) => {
        log.warn('a listing e-mail click could not be recorded', { name: (err as Error).name, message: (err as Error).message });
        return true;
      });
      // Signed for this e-mail, but for a listing it never carried (a token made with the key, or a stream that is not there).
      if (!recorded) throw forbidden(FORGED_LINK);
    }
    res.set(TRACKED_LINK_HEADERS).redirect(302, listingPagePath(pdid));
    return undefined;
  }

  private async check(token: unknown, purpose: ListingLinkPurpose, messageId: string, pdid?: string) {
    if (!UUID.test(messageId)) return 'malformed';
    return checkListingLink(await this.secret.get(), token, purpose, messageId, new Date(), pdid);
  }

  /** False when the e-mail is unknown or did not carry the listing clicked. */
  private async record(req: Request, messageId: string, command: Parameters<typeof listingMailDecider.decide>[0]): Promise<boolean> {
    const result = await this.commands.execute(new ListingMailCommand(listingMailStream(messageId), command, commandContextOf(req)));
    if (!result.state.sent) return false;
    return command.kind !== 'click' || result.state.sent.pdids.includes(command.pdid);
  }
}

/** The pdid of one of our listing pages (`/listing/{pdid}`, the pdid URL-encoded), or null for any other address. */
export function listingOf(to: string): string | null {
  const m = LISTING_PAGE.exec(to);
  if (!m) return null;
  try {
    const pdid = decodeURIComponent(m[1]!);
    return pdid && !/[/\\]/.test(pdid) && listingPagePath(pdid) === to ? pdid : null;
  } catch {
    return null;
  }
}
