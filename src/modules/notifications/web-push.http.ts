import { Body, Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { BodyOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { commandContextOf } from '../../commands/request-context';
import { validation } from '../../shared/errors';
import { requireAuth } from '../accounts';
import { webPushStream } from './notifications.events';
import { isPushServiceEndpoint, UNKNOWN_PUSH_SERVICE } from './push-services';
import { VapidKeys } from './vapid-keys';
import { SubscriptionsCommand } from './subscriptions.command';

/** Web push for the signed-in user: the public key to subscribe with, and the subscription itself (a PushSubscription's JSON). */
@Controller()
export class WebPushController {
  private readonly testOrigins: readonly string[];

  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(VapidKeys) private readonly vapid: VapidKeys,
    @Inject(CONFIG) config: Config,
  ) {
    this.testOrigins = config.pushTestOrigins;
  }

  @Route(contract.push.publicKey)
  async publicKey() {
    return { publicKey: (await this.vapid.get()).publicKey };
  }

  /**
   * The server will post to the endpoint: only a known push service's https address (no requests
   * to addresses a user chooses), or a PUSH_TEST_ORIGINS stand-in in tests.
   */
  @Route(contract.push.subscribe)
  async subscribe(@Body() input: BodyOf<typeof contract.push.subscribe>, @Req() req: Request) {
    const auth = requireAuth(req);
    if (this.testOrigins.length === 0 && new URL(input.endpoint).protocol !== 'https:') throw validation('endpoint must be an https address');
    if (!isPushServiceEndpoint(input.endpoint, this.testOrigins)) throw validation(UNKNOWN_PUSH_SERVICE);
    await this.commands.execute(
      new SubscriptionsCommand(
        webPushStream(auth.userId),
        {
          kind: 'subscribe',
          userId: auth.userId,
          securityLevel: auth.securityLevel,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
        },
        commandContextOf(req),
      ),
    );
    return { isSuccess: true as const };
  }

  @Route(contract.push.unsubscribe)
  async unsubscribe(@Body() input: BodyOf<typeof contract.push.unsubscribe>, @Req() req: Request) {
    const auth = requireAuth(req);
    await this.commands.execute(
      new SubscriptionsCommand(webPushStream(auth.userId), { kind: 'unsubscribe', userId: auth.userId, endpoint: input.endpoint }, commandContextOf(req)),
    );
    return { isSuccess: true as const };
  }
}
