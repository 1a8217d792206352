import { Controller, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { fold } from '../../../commands/decider';
import { EventStore } from '../../../eventstore/event-store.port';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { logger } from '../../../shared/logger';
import { commandContextOf } from '../../../commands/request-context';
import { SecretKey, SignInService, userStream } from '../../accounts';
import { sendTrackingPixel, TRACKED_LINK_HEADERS } from '../../messaging';
import { type Alert, evolveAlert, initialAlert } from '../alert';
import { type AlertEvent, type AlertOpenedHow, alertStream } from '../alerts.events';
import { type AlertLinkClaims, type AlertLinkPurpose, verifyAlertLinkToken } from './alert-link-token';
import { accountALinkMaySignIn } from './link-sign-in';
import { continuePage } from './continue-page';
import { OpenAlertCommand } from './open-alert.command';
import { UseAlertLinkCommand } from './open-alert.command';

const log = logger('alerts');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What comes back from an alert e-mail (issue 8): its signed listing link and its tracking image.
 * A good token records PropertyAlertOpened (once per alert); the link also signs a signed-out lead
 * in through the usual sign-in — but only on a post from the continue page, never on the fetch
 * itself, because mail scanners fetch every link in a message; only once per link
 * (AlertLinkSignedIn), and only within a day of the e-mail. A bad, expired or tampered token changes nothing and says nothing:
 * the link still goes to the listing, the image is still an image. Tokens are never logged.
 */
@Controller()
export class AlertOpenController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(SignInService) private readonly signIns: SignInService,
  ) {}

  @Route(contract.alerts.open)
  async open(@Param('alertId') alertId: string, @Query('t') token: unknown, @Req() req: Request, @Res() res: Response): Promise<undefined> {
    const target = await this.follow(alertId, token, async (claims) => {
      if (!req.auth) {
        const page = continuePage(alertId, token as string);
        // same-origin, not no-referrer: a form posted under no-referrer carries "Origin: null",
        // which the cross-site rule refuses; the token only ever goes back to this site.
        res
          .status(200)
          .set({ ...TRACKED_LINK_HEADERS, 'Referrer-Policy': 'same-origin', 'Content-Security-Policy': page.csp })
          .type('html')
          .send(page.html);
        return false;
      }
      // Signed in already (as this lead, or as anyone else): the session is left as it is.
      await this.recordOpening(req, claims, 'link');
      return true;
    });
    if (target !== null) res.set(TRACKED_LINK_HEADERS).redirect(302, target);
  }

  // The body is read as it came, not through the contract's pipe: the post goes on to the listing whatever it carries.
  @Route(contract.alerts.confirmOpen)
  async confirm(@Param('alertId') alertId: string, @Req() req: Request, @Res() res: Response): Promise<undefined> {
    const body: unknown = req.body;
    const token = typeof body === 'object' && body !== null ? (body as { t?: unknown }).t : undefined;
    const target = await this.follow(alertId, token, async (claims, alert) => {
      await this.recordOpening(req, claims, 'link');
      if (!req.auth && req.site?.siteId === alert.siteId) {
        const account = accountALinkMaySignIn(await this.store.readStream(userStream(claims.userId)), claims.issuedAt, new Date());
        // Once per link: a replayed or forwarded e-mail then opens the listing signed out.
        const use =
          account &&
          (await this.commands.execute(
            new UseAlertLinkCommand(alertStream(alertId), { alertId, userId: claims.userId }, commandContextOf(req, claims.userId)),
          ));
        // The link came to the account's address: following it proves the address.
        if (account && use && use.events.length > 0)
          await this.signIns.signIn(req, res, account, 'alert-link', { timezone: null, timezoneName: null }, 'alert-link');
      }
      return true;
    });
    res.set(TRACKED_LINK_HEADERS).redirect(303, target ?? '/');
  }

  /**
   * Where a link goes (the alert's listing, / for an unknown alert), after `act` ran for a good
   * token of a known alert; null when `act` answered the request itself. A failure is logged
   * and the link still goes where it goes.
   */
  private async follow(
    alertId: string,
    token: unknown,
    act: (claims: AlertLinkClaims, alert: NonNullable<Alert['data']>) => Promise<boolean>,
  ): Promise<string | null> {
    let target = '/';
    try {
      const alert = await this.alertOf(alertId);
      if (!alert.data) return target;
      target = `/listing/${encodeURIComponent(alert.data.pdid)}`;
      const claims = await this.claimsOf(token, 'open', alertId);
      if (claims && !(await act(claims, alert.data))) return null;
    } catch (err) {
      log.warn('alert link could not be applied; redirecting anyway', { name: (err as Error).name, message: (err as Error).message });
    }
    return target;
  }

  @Route(contract.alerts.pixel)
  async pixel(@Param('alertId') alertId: string, @Query('t') token: unknown, @Req() req: Request, @Res() res: Response): Promise<undefined> {
    try {
      const claims = await this.claimsOf(token, 'pixel', alertId);
      if (claims) await this.recordOpening(req, claims, 'pixel');
    } catch (err) {
      log.warn('alert image could not record the opening', { name: (err as Error).name, message: (err as Error).message });
    }
    sendTrackingPixel(res);
  }

  private async alertOf(alertId: string): Promise<Alert> {
    if (!UUID.test(alertId)) return initialAlert();
    return fold({ initialState: initialAlert, evolve: evolveAlert }, (await this.store.readStream(alertStream(alertId))) as unknown as AlertEvent[]);
  }

  /** The token's claims when it is good, for this purpose and this alert; else null. */
  private async claimsOf(token: unknown, purpose: AlertLinkPurpose, alertId: string): Promise<AlertLinkClaims | null> {
    if (typeof token !== 'string') return null;
    const check = verifyAlertLinkToken(await this.secret.get(), token, new Date());
    return check.ok && check.purpose === purpose && check.alertId === alertId ? check : null;
  }

  private async recordOpening(req: Request, c: AlertLinkClaims, how: AlertOpenedHow): Promise<void> {
    await this.commands.execute(new OpenAlertCommand(alertStream(c.alertId), { alertId: c.alertId, userId: c.userId, how }, commandContextOf(req, c.userId)));
  }
}
