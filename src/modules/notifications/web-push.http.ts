import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { z } from 'zod';
import { parseBody } from '../../http/parse-body';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { commandContextOf } from '../../commands/request-context';
import { requireAuth } from '../accounts';
import { webPushStream } from './notifications.events';
import { isPushServiceEndpoint, UNKNOWN_PUSH_SERVICE } from './push-services';
import { VapidKeys } from './vapid-keys';
import { SubscriptionsCommand } from './subscriptions.command';

const Endpoint = z.url({ protocol: /^https$/, error: 'endpoint must be an https address' }).max(1000);
const Keys = z.strictObject({ p256dh: z.string().regex(/^[A-Za-z0-9_-]{40,200}$/), auth: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/) });
const UnsubscribeBody = z.strictObject({ endpoint: z.url({ protocol: /^https?$/, error: 'endpoint must be an https address' }).max(1000) });

/**
 * A PushSubscription's JSON. The server will post to its endpoint: only a known push service's
 * address (no requests to addresses a user chooses), or a PUSH_TEST_ORIGINS stand-in in tests.
 */
function subscribeBody(testOrigins: readonly string[]) {
  const endpoint = testOrigins.length ? z.url({ protocol: /^https?$/, error: 'endpoint must be an https address' }).max(1000) : Endpoint;
  return z.strictObject({
    endpoint: endpoint.refine((e) => isPushServiceEndpoint(e, testOrigins), { error: UNKNOWN_PUSH_SERVICE }),
    expirationTime: z.number().nullable().optional(),
    keys: Keys,
  });
}

/** Web push for the signed-in user: the public key to subscribe with, and the subscription itself (a PushSubscription's JSON). */
@Controller('api/push')
export class WebPushController {
  private readonly SubscribeBody: ReturnType<typeof subscribeBody>;

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(VapidKeys) private readonly vapid: VapidKeys,
    @Inject(CONFIG) config: Config,
  ) {
    this.SubscribeBody = subscribeBody(config.pushTestOrigins);
  }

  @Get('publickey')
  async publicKey() {
    return { publicKey: (await this.vapid.get()).publicKey };
  }

  @Post('subscribe')
  @HttpCode(200)
  async subscribe(@Body() body: unknown, @Req() req: Request) {
    const auth = requireAuth(req);
    const input = parseBody(this.SubscribeBody, body);
    await this.commands.execute(

      new SubscriptionsCommand(webPushStream(auth.userId), { kind: 'subscribe', userId: auth.userId, securityLevel: auth.securityLevel, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth }, commandContextOf(req)),

    );
    return { isSuccess: true };
  }

  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Body() body: unknown, @Req() req: Request) {
    const auth = requireAuth(req);
    const input = parseBody(UnsubscribeBody, body);
    await this.commands.execute(new SubscriptionsCommand(webPushStream(auth.userId), { kind: 'unsubscribe', userId: auth.userId, endpoint: input.endpoint }, commandContextOf(req)));
    return { isSuccess: true };
  }
}
