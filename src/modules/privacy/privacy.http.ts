import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../runtime/tokens';
import { EventStore } from '../../eventstore/event-store.port';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';
import { RateLimiter, type RateLimit } from '../../http/rate-limiter';
import { notFound, validation } from '../../shared/errors';
import { AddressLimiter, CurrentPasswordCheck, loadAccount, refuseWhileImpersonating, requireAuth, SecretKey } from '../accounts';
import { commandContextOf } from '../../commands/request-context';
import { accountIdParam, BackofficeController, reasonField } from '../backoffice';
import { verifyErasureLinkToken } from './erase-by-link/erasure-link-token';
import { erasureLinkUsable, queueErasureLink, useErasureLinks } from './erase-by-link/erasure-links';
import { NO_SUCH_ACCOUNT } from './erase-person/erase-person.decide';
import { PersonEraser } from './erase-person/person-eraser';
import { buildExport, exportHtml } from './export-person/person-export';
import { personEvents } from './person-events';

/** With the password re-entered, or without it: then a link to confirm is mailed. */
const EraseSelf = z.strictObject({ password: z.string().max(200).optional() });
const EraseByLink = z.strictObject({ token: z.string().max(300) });
const EraseByStaff = z.strictObject({ reason: reasonField });

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
async function sendExport(store: EventStore, pool: pg.Pool, userId: string, format: unknown, res: Response): Promise<void> {
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
@Controller('api/account')
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

  @ApiDoc({ summary: 'Everything Porchlight holds about me, as JSON (format=html: a readable page)', tag: 'privacy', access: 'signed in', responses: { 200: 'the export', 401: 'signed out' } })
  @Get('export')
  async export(@Req() req: Request, @Query('format') format: unknown, @Res() res: Response): Promise<void> {
    const auth = requireAuth(req);
    await this.limiter.enforce(EXPORT_LIMIT, auth.userId);
    await sendExport(this.store, this.pool, auth.userId, format, res);
  }

  @ApiDoc({
    summary: 'Erase my account, with my password re-entered (erased at once) or without it (a one-use confirmation link is mailed)',
    tag: 'privacy',
    access: 'signed in',
    body: EraseSelf,
    responses: { 200: '{isSuccess, erasedAt} erased; {isSuccess, linkSent: true, message} a link was mailed', 400: '{message}', 401: 'signed out', 403: 'while impersonating, or a staff account', 429: 'too many attempts' },
  })
  @Post('erase')
  @HttpCode(200)
  async erase(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(EraseSelf, body);
    const auth = requireAuth(req);
    refuseWhileImpersonating(req, 'Only the person can erase their own account');
    const { account } = await loadAccount(this.store, auth.userId);
    if (!account.exists) throw validation(WRONG_PASSWORD);
    if (input.password === undefined || input.password === '') {
      await this.limiter.enforce(ERASE_LIMIT, auth.userId);
      // Refused now (staff, already erased) rather than by a link that could never work.
      await this.eraser.refusal({ userId: auth.userId, how: 'self', reason: '', byUserId: auth.userId });
      await queueErasureLink(this.pool, auth.userId, req.site?.siteId ?? null);
      return { isSuccess: true, linkSent: true, message: LINK_SENT };
    }
    if (!account.passwordHash) throw validation(NO_PASSWORD);
    // Counted with the account's sign-ins before it is checked (429 after 10 in 15 minutes).
    if (!(await this.currentPassword.matches(req, { email: account.email, passwordHash: account.passwordHash }, input.password))) throw validation(WRONG_PASSWORD);
    const done = await this.eraser.erase({ userId: auth.userId, how: 'self', reason: '', byUserId: auth.userId }, commandContextOf(req));
    return { isSuccess: true, erasedAt: done.erasedAt };
  }

  @ApiDoc({ summary: 'Erase the account a mailed confirmation link names (the page at /account/erase posts it); works once', tag: 'privacy', access: 'anyone holding the link', body: EraseByLink, responses: { 200: '{isSuccess, erasedAt}', 400: '{message}: not valid, expired or used', 429: 'too many attempts' } })
  @Post('erase/confirm')
  @HttpCode(200)
  async eraseByLink(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(EraseByLink, body);
    await this.addresses.enforce(ERASE_LINK_LIMIT, req);
    const claims = verifyErasureLinkToken(await this.secret.get(), input.token, new Date());
    if (!claims.ok || !(await erasureLinkUsable(this.pool, claims.requestId, claims.userId))) throw validation(BAD_LINK);
    const done = await this.eraser.erase({ userId: claims.userId, how: 'self', reason: '', byUserId: claims.userId }, commandContextOf(req, claims.userId));
    await useErasureLinks(this.pool, claims.userId);
    return { isSuccess: true, erasedAt: done.erasedAt };
  }
}

/** Staff: any account's export, and erasure on the person's request (with a reason). */
@BackofficeController('accounts')
export class AccountPrivacyController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(PersonEraser) private readonly eraser: PersonEraser,
  ) {}

  @ApiDoc({ summary: "Everything Porchlight holds about an account's person, as JSON (format=html: readable)", tag: 'Back-office', access: 'staff', responses: { 200: 'the export', 403: 'below level 25', 404: 'no such account' } })
  @Get(':userId/export')
  async export(@Param('userId') userId: string, @Query('format') format: unknown, @Res() res: Response): Promise<void> {
    const id = accountIdParam(userId);
    const { account } = await loadAccount(this.store, id);
    if (!account.exists) throw notFound(NO_SUCH_ACCOUNT);
    await sendExport(this.store, this.pool, id, format, res);
  }

  @ApiDoc({ summary: "Erase an account on its person's request: keys destroyed, read models blanked, history kept", tag: 'Back-office', access: 'staff', body: EraseByStaff, responses: { 200: '{isSuccess, erasedAt}', 400: '{message}', 403: 'below level 25, or a staff account', 404: 'no such account', 409: 'already erased' } })
  @Post(':userId/erase')
  @HttpCode(200)
  async erase(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(EraseByStaff, body);
    const id = accountIdParam(userId);
    const done = await this.eraser.erase({ userId: id, how: 'request', reason: input.reason, byUserId: req.auth!.userId }, commandContextOf(req));
    return { isSuccess: true, erasedAt: done.erasedAt };
  }
}
