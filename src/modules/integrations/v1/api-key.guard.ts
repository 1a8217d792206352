import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { Config } from '../../../config/config';
import { commandContextOf } from '../../../commands/request-context';
import { EventStore } from '../../../eventstore/event-store.port';
import { RateLimiter } from '../../../http/rate-limiter';
import { CONFIG } from '../../../runtime/tokens';
import { AppError, unauthorized } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { LEVEL, loadAccount, officeOf } from '../../accounts';
import { loadOffice } from '../../office';
import { apiKeyStream } from '../integrations.events';
import { keyIdOf, keyMatches } from '../api-keys/key-secret';
import { loadApiKey } from '../api-keys/load-api-key';
import { NoteKeyUseCommand } from './note-key-use.command';

export const NO_KEY = 'An API key is required: Authorization: Bearer plk_…';
export const BAD_KEY = 'The API key is not valid (wrong or revoked)';
export const TOO_MANY_CALLS = 'Too many calls with this API key; wait a minute';
const WINDOW_SECONDS = 60;
const log = logger('api-v1');

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The API key a /api/v1 call came with (set by ApiKeyGuard). */
      apiKeyId?: string;
    }
  }
}

/**
 * /api/v1 takes `Authorization: Bearer plk_…` only. The key's stream is read on every call (a
 * revoke holds at once, on every instance) and so is its maker's account: the key acts as its
 * maker with the maker's level and office as they are now, and stops when the maker is blocked
 * (back-office lock, offboarding) or deactivated by their broker.
 * The maker is put on req.auth so that the dashboard's scope rules and commands apply unchanged.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const header = req.headers.authorization;
    if (!header) throw unauthorized(NO_KEY);
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    const keyId = m ? keyIdOf(m[1]!) : null;
    if (!m || !keyId) throw unauthorized(BAD_KEY);
    const key = await loadApiKey(this.store, keyId);
    if (!key.exists || key.revoked || !keyMatches(m[1]!, key.keyHash)) throw unauthorized(BAD_KEY);
    const { account } = await loadAccount(this.store, key.userId);
    if (!account.exists || account.signInBlockedBy.length > 0) throw unauthorized(BAD_KEY);
    if (account.securityLevel === LEVEL.agent && account.officeId && (await loadOffice(this.store, account.officeId)).inactive.has(account.userId))
      throw unauthorized(BAD_KEY);
    if (!(await this.limiter.allow(`api-v1:${keyId}`, this.config.apiRatePerMinute, WINDOW_SECONDS))) {
      res.setHeader('Retry-After', String(WINDOW_SECONDS));
      throw new AppError('rate_limited', TOO_MANY_CALLS);
    }
    req.auth = {
      id: `apikey:${keyId}`,
      userId: account.userId,
      securityLevel: account.securityLevel,
      officeId: officeOf(account),
      impersonatorId: null,
      returnUrl: null,
      expiresAt: new Date(8.64e15),
    };
    req.apiKeyId = keyId;
    // "Last used" is a convenience: noting it must never fail the call.
    void this.commands
      .execute(new NoteKeyUseCommand(apiKeyStream(keyId), { keyId, at: new Date().toISOString() }, commandContextOf(req)))
      .catch((err: unknown) => log.warn('could not note an API key use', { message: (err as Error).message }));
    return true;
  }
}
