import { Body, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import type { FeedTestResult } from '../../../contract/feed-presets';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { RateLimiter, type RateLimit } from '../../../http/rate-limiter';
import { Outbound } from '../../../shared/net/outbound';
import { commandContextOf } from '../../../commands/request-context';
import { BackofficeController } from '../../backoffice';
import { FeedInput } from '../configure-feed/feed-input';
import { testConnection } from './test-connection';

// parseBody says a custom refusal in its own words: these name the field as the form does.
const filled = (max: number, what: string) => z.string().max(max).refine((v) => v.trim().length > 0, { error: `Please enter the ${what}` });
const Auth = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('oauth2'), tokenUrl: FeedInput.shape.url.unwrap(), clientId: filled(500, 'client ID'), clientSecret: filled(2000, 'client secret'), scope: z.string().max(500).nullable().optional() }),
  z.strictObject({ kind: z.literal('bearer'), token: filled(5000, 'access token') }),
  z.strictObject({ kind: z.literal('none') }),
]);
/** What the setup screen tests: the settings it is about to save, secrets in clear (never stored by a test). */
export const FeedTestInput = z.strictObject({ url: FeedInput.shape.url.unwrap(), auth: Auth, resources: FeedInput.shape.resources.unwrap().default(['Property']), filter: z.string().max(2000).nullable().default(null) });

/** A test is a few requests to someone else's server: far above this is not a person at a form. */
export const FEED_TESTS_PER_USER: RateLimit = { name: 'feed-tests-user', limit: 60, windowSeconds: 3600, message: 'You have tested connections too many times in the last hour. Please try again later.' };

/** "Test connection" of the feed setup screen: a real token and `$top=1` query against the server, before saving. */
@BackofficeController('feeds')
export class FeedTestController {
  constructor(
    @Inject(Outbound) private readonly outbound: Outbound,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Post('test')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Test a feed\'s service root and credentials (token, then $top=1 of Property and each chosen resource); stores nothing',
    tag: 'Back-office: feeds',
    access: 'staff',
    body: FeedTestInput,
    responses: { 200: '{ok, steps:[{step, label, ok, message}]}: the first failed step says what is wrong', 400: '{message}: invalid input' },
  })
  async test(@Body() body: unknown, @Req() req: Request): Promise<FeedTestResult> {
    const input = parseBody(FeedTestInput, body);
    await this.limiter.enforce(FEED_TESTS_PER_USER, commandContextOf(req).actorId ?? 'staff');
    return testConnection(this.outbound, { url: input.url, auth: input.auth.kind === 'oauth2' ? { ...input.auth, scope: input.auth.scope ?? null } : input.auth, resources: input.resources, filter: input.filter?.trim() || null });
  }
}
