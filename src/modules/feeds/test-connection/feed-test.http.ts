import { Body, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { RateLimiter, type RateLimit } from '../../../http/rate-limiter';
import { Outbound } from '../../../shared/net/outbound';
import { commandContextOf } from '../../../commands/request-context';
import { BackofficeController } from '../../backoffice';
import { testConnection } from './test-connection';

/** A test is a few requests to someone else's server: far above this is not a person at a form. */
export const FEED_TESTS_PER_USER: RateLimit = {
  name: 'feed-tests-user',
  limit: 60,
  windowSeconds: 3600,
  message: 'You have tested connections too many times in the last hour. Please try again later.',
};

/** "Test connection" of the feed setup screen: a real token and `$top=1` query against the server, before saving. */
@BackofficeController()
export class FeedTestController {
  constructor(
    @Inject(Outbound) private readonly outbound: Outbound,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Route(contract.feeds.test)
  async test(@Body() input: BodyOf<typeof contract.feeds.test>, @Req() req: Request) {
    await this.limiter.enforce(FEED_TESTS_PER_USER, commandContextOf(req).actorId ?? 'staff');
    return testConnection(this.outbound, {
      url: input.url,
      auth: input.auth.kind === 'oauth2' ? { ...input.auth, scope: input.auth.scope ?? null } : input.auth,
      resources: input.resources,
      filter: input.filter?.trim() || null,
    });
  }
}
