import { Body, Controller, Inject, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../runtime/tokens';
import { EventStore } from '../../eventstore/event-store.port';
import type { BodyOf, QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { RateLimiter, type RateLimit } from '../../http/rate-limiter';
import { notFound, validation } from '../../shared/errors';
import { AddressLimiter, CurrentPasswordCheck, loadAccount, refuseWhileImpersonating, requireAuth, SecretKey, StaffGuard } from '../accounts';
import { commandContextOf } from '../../commands/request-context';
import { accountIdParam } from '../backoffice';
import { verifyErasureLinkToken } from './erase-by-link/erasure-link-token';
import { erasureLinkUsable, queueErasureLink, useErasureLinks } from './erase-by-link/erasure-links';
import { NO_SUCH_ACCOUNT } from './erase-person/erase-person.decide';
import { PersonEraser } from './erase-person/person-eraser';
import { SealedItemEraser } from './erase-sealed-items/sealed-item-eraser';
import { buildExport, exportHtml } from './export-person/person-export';
import { personEvents } from './person-events';

export const WRONG_PASSWORD = 'Your password is not correct';
export const LINK_SENT = 'We have e-mailed you a link to confirm. It works once, for 60 minutes.';
export const NO_PASSWORD = 'Your account has no password: ask for a confirmation link by e-mail instead';
export const BAD_LINK = 'This link is not valid or has expired. Please ask for a new one from your account page.';
/** Confirmation links mailed for an erasure without the password (a password is counted with sign-ins instead). */
export const ERASE_LIMIT: RateLimit = { name: 'erase-self', limit: 5, windowSeconds: 900, message: 'Too many attempts. Please try again in 15 minutes.' };
/** Confirmations by link, per client address (the link's holder may be signed out). */
export const ERASE_LINK_LIMIT: RateLimit = { name: 'erase-link', limit: 10, windowSeconds: 900, message: 'Too many attempts. Please try again in 15 minutes.' };
export const EXPORT_LIMIT: RateLimit = { name: 'export', limit: 20, windowSeconds: 3600, message: 'Too many exports. Please try again in an hour.' };

/** The export as a JSON download, or (format=html) a readable page. Never cached. */
async function sendExport(store: EventStore, pool: pg.Pool, userId: string, format: string | undefined, res: Response): Promise<void> {
  const x = buildExport(await personEvents(store, pool, userId), new Date());
  res.setHeader('Cache-Control', 'no-store');
  if (format === 'html') {
    // A page of escaped text and its own styles only: nothing may load or run.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    res.type('text/html; charset=utf-8').send(exportHtml(x));
    return;
  }
  res.setHeader('Content-Disposition', `attachment; filename="porchlight-data-${userId}.json"`);
  res.type('application/json').send(JSON.stringify(x, null, 2));
}

/** The person's own: their data out (export) and themself forgotten (erase, password re-entered). */
@Controller()
export class OwnDataController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(PersonEraser) private readonly eraser: PersonEraser,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(AddressLimiter) private readonly addresses: AddressLimiter,
    @Inject(SecretKey) private readonly secret: SecretKey,
    @Inject(CurrentPasswordCheck) private readonly currentPassword: CurrentPasswordCheck,
  ) {}

  @Route(contract.privacy.exportMine)
  async export(@Req() req: Request, @Query() { format }: QueryOf<typeof contract.privacy.exportMine>, @Res() res: Response): Promise<void> {
    const auth = requireAuth(req);
    await this.limiter.enforce(EXPORT_LIMIT, auth.userId);
    await sendExport(this.store, this.pool, auth.userId, format, res);
  }

  /** With the password re-entered (erased at once), or without it: then a link to confirm is mailed. */
  @Route(contract.privacy.eraseMine)
  async erase(@Body() input: BodyOf<typeof contract.privacy.eraseMine>, @Req() req: Request) {
    const auth = requireAuth(req);
    refuseWhileImpersonating(req, 'Only the person can erase their own account');
    const { account } = await loadAccount(this.store, auth.userId);
    if (!account.exists) throw validation(WRONG_PASSWORD);
    if (input.password === undefined || input.password === '') {
      await this.limiter.enforce(ERASE_LIMIT, auth.userId);
      // Refused now (staff, already erased) rather than by a link that could never work.
      await this.eraser.refusal({ userId: auth.userId, how: 'self', reason: '', byUserId: auth.userId });
      await queueErasureLink(this.pool, auth.userId, req.site?.siteId ?? null);
      return { isSuccess: true as const, linkSent: true as const, message: LINK_SENT };
    }
    if (!account.passwordHash) throw validation(NO_PASSWORD);
    // Counted with the account's sign-ins before it is checked (429 after 10 in 15 minutes).
    if (!(await this.currentPassword.matches(req, { email: account.email, passwordHash: account.passwordHash }, input.password)))
      throw validation(WRONG_PASSWORD);
    const done = await this.eraser.erase({ userId: auth.userId, how: 'self', reason: '', byUserId: auth.userId }, commandContextOf(req));
    return { isSuccess: true as const, erasedAt: done.erasedAt };
  }

  @Route(contract.privacy.eraseByLink)
  async eraseByLink(@Body() input: BodyOf<typeof contract.privacy.eraseByLink>, @Req() req: Request) {
    await this.addresses.enforce(ERASE_LINK_LIMIT, req);
    const claims = verifyErasureLinkToken(await this.secret.get(), input.token, new Date());
    if (!claims.ok || !(await erasureLinkUsable(this.pool, claims.requestId, claims.userId))) throw validation(BAD_LINK);
    const done = await this.eraser.erase({ userId: claims.userId, how: 'self', reason: '', byUserId: claims.userId }, commandContextOf(req, claims.userId));
    await useErasureLinks(this.pool, claims.userId);
    return { isSuccess: true as const, erasedAt: done.erasedAt };
  }
}

/** Staff: any account's export, and erasure on the person's request (with a reason). */
@Controller()
@UseGuards(StaffGuard)
export class AccountPrivacyController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(PersonEraser) private readonly eraser: PersonEraser,
    @Inject(SealedItemEraser) private readonly sealedItems: SealedItemEraser,
  ) {}

  @Route(contract.privacy.eraseAddress)
  async eraseAddress(@Body() input: BodyOf<typeof contract.privacy.eraseAddress>, @Req() req: Request) {
    const counts = await this.sealedItems.eraseOnRequest({ address: input.email, reason: input.reason, byUserId: req.auth!.userId }, commandContextOf(req));
    return { isSuccess: true as const, ...counts };
  }

  @Route(contract.privacy.exportAccount)
  async export(@Param('userId') userId: string, @Query() { format }: QueryOf<typeof contract.privacy.exportAccount>, @Res() res: Response): Promise<void> {
    const id = accountIdParam(userId);
    const { account } = await loadAccount(this.store, id);
    if (!account.exists) throw notFound(NO_SUCH_ACCOUNT);
    await sendExport(this.store, this.pool, id, format, res);
  }

  @Route(contract.privacy.eraseAccount)
  async erase(@Param('userId') userId: string, @Body() input: BodyOf<typeof contract.privacy.eraseAccount>, @Req() req: Request) {
    const id = accountIdParam(userId);
    const done = await this.eraser.erase({ userId: id, how: 'request', reason: input.reason, byUserId: req.auth!.userId }, commandContextOf(req));
    return { isSuccess: true as const, erasedAt: done.erasedAt };
  }
}
