import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { clientKey, type RateLimit, RateLimiter } from '../../http/rate-limiter';
import { SecretKey } from './secret-key';

/**
 * What anyone may call, limited per client address: the address is counted as `clientKey`, keyed
 * with the server secret, so that rate_limit_hits never holds it.
 */
@Injectable()
export class AddressLimiter {
  constructor(
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  /** Counts the request against `limit` for its address, or throws the limit's 429. */
  async enforce(limit: RateLimit, req: Request): Promise<void> {
    await this.limiter.enforce(limit, clientKey(await this.secret.get(), req));
  }
}
