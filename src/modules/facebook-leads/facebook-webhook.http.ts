import { timingSafeEqual } from 'node:crypto';
import { Controller, Header, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import type { Config } from '../../config/config';
import type { QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { readSmallBody } from '../../http/unread-body';
import { CONFIG, DB_POOL } from '../../runtime/tokens';
import { forbidden, validation } from '../../shared/errors';
import { logger } from '../../shared/logger';
import { FacebookLeadFetcher } from './facebook-lead-fetcher.reactor';
import { hubSignatureValid } from './hub-signature';
import { leadgenChangesOf } from './leadgen-changes';

const log = logger('facebook-webhook');

export const FACEBOOK_INBOUND_PATH = `/${contract.facebook.receive.path}`;
/** Meta batches at most a few changes per delivery: a few KB. */
const FACEBOOK_INBOUND_MAX_BYTES = 256 * 1024;
export const NOT_VERIFIED = 'Not a verification request of this app';
export const NOT_SIGNED = 'Not a signed delivery of this app (X-Hub-Signature-256)';
export const NOT_A_PAGE_WEBHOOK = 'Not a page webhook body';

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Meta's lead ads webhook (contract section 12). The handshake answers the challenge only to
 * the verify token we were given. A delivery is read as bytes (at most 256 KB) and its
 * X-Hub-Signature-256 checked against FACEBOOK_APP_SECRET before a byte of it is parsed; each
 * leadgen change is queued once by its leadgen id (a retried delivery queues nothing new) and
 * Meta is answered at once: the lead's answers are fetched by the FacebookLeadFetcher.
 */
@Controller()
export class FacebookWebhookController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(FacebookLeadFetcher) private readonly fetcher: FacebookLeadFetcher,
  ) {}

  @Route(contract.facebook.verify)
  @Header('Content-Type', 'text/plain; charset=utf-8')
  verify(@Query() q: QueryOf<typeof contract.facebook.verify>): string {
    const token = this.config.facebook.verifyToken;
    const given = q['hub.verify_token'];
    if (!token || q['hub.mode'] !== 'subscribe' || typeof given !== 'string' || !sameText(given, token)) throw forbidden(NOT_VERIFIED);
    return q['hub.challenge'] ?? '';
  }

  @Route(contract.facebook.receive)
  async receive(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const secret = this.config.facebook.appSecret;
    const raw = await readSmallBody(req, res, FACEBOOK_INBOUND_MAX_BYTES);
    if (!secret || !hubSignatureValid(secret, raw, req.headers['x-hub-signature-256'])) {
      log.warn('a Facebook delivery without a valid signature was refused');
      throw forbidden(NOT_SIGNED);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw validation(NOT_A_PAGE_WEBHOOK);
    }
    const changes = leadgenChangesOf(body);
    if (!changes) throw validation(NOT_A_PAGE_WEBHOOK);
    let queued = 0;
    for (const c of changes) {
      const { rowCount } = await this.pool.query(
        `INSERT INTO facebook_lead_queue (leadgen_id, page_id, form_id, ad_id, created_time) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (leadgen_id) DO NOTHING`,
        [c.leadgenId, c.pageId, c.formId, c.adId, c.createdAt],
      );
      queued += rowCount ?? 0;
    }
    if (queued) this.fetcher.kick();
    return { message: 'Received', leads: changes.length };
  }
}
