import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { validation } from '../../../shared/errors';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { refuseWhileImpersonating } from '../../accounts';
import { WebhookOutbound } from './webhook-outbound';
import { WebhookSender } from './webhook-sender.reactor';
import { newWebhookSecret, WebhookSecrets } from './webhook-signature';
import { webhookUrlProblem } from './webhook-url';
import { WebhookStore } from './webhooks.store';

export const NOT_WHILE_IMPERSONATING = 'Webhooks cannot be made while impersonating a user';

/** Settings → Webhooks: the viewer's own subscriptions, their delivery logs, a test and a resend. */
@Controller()
export class WebhooksController {
  constructor(
    @Inject(WebhookStore) private readonly store: WebhookStore,
    @Inject(WebhookOutbound) private readonly net: WebhookOutbound,
    @Inject(WebhookSender) private readonly sender: WebhookSender,
    @Inject(WebhookSecrets) private readonly secrets: WebhookSecrets,
  ) {}

  private async checkUrl(url: string | undefined): Promise<void> {
    const problem = url === undefined ? null : await webhookUrlProblem(url, { httpsOnly: this.net.httpsOnly, outbound: this.net.outbound });
    if (problem) throw validation(problem);
  }

  /** The secret is in this answer only (stored sealed, never answered again): a lost one means a new webhook. */
  @Route(contract.webhooks.create)
  async create(@Body() input: BodyOf<typeof contract.webhooks.create>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    // A webhook made while impersonating would go on sending the user's leads after it.
    refuseWhileImpersonating(req, NOT_WHILE_IMPERSONATING);
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const webhookId = await this.store.create(viewer, { url: input.url, events: input.events, secret: this.secrets.seal(secret) });
    return { webhookId, secret };
  }

  @Route(contract.webhooks.list)
  async list(@Req() req: Request) {
    return { webhooks: await this.store.list(dashboardViewer(req).userId) };
  }

  @Route(contract.webhooks.update)
  async update(@Param('webhookId') webhookId: string, @Body() input: BodyOf<typeof contract.webhooks.update>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    await this.store.owned(viewer.userId, webhookId);
    await this.checkUrl(input.url);
    const view = await this.store.update(viewer.userId, webhookId, input);
    if (input.paused === false) this.sender.wake();
    return view;
  }

  @Route(contract.webhooks.remove)
  async remove(@Param('webhookId') webhookId: string, @Req() req: Request): Promise<undefined> {
    await this.store.remove(dashboardViewer(req).userId, webhookId);
    return undefined;
  }

  @Route(contract.webhooks.deliveries)
  async deliveries(@Param('webhookId') webhookId: string, @Req() req: Request) {
    return { deliveries: await this.store.deliveries(dashboardViewer(req).userId, webhookId) };
  }

  @Route(contract.webhooks.test)
  async test(@Param('webhookId') webhookId: string, @Req() req: Request) {
    const eventId = await this.store.queueTest(dashboardViewer(req).userId, webhookId);
    this.sender.wake();
    return { eventId };
  }

  @Route(contract.webhooks.redeliver)
  async redeliver(@Param('webhookId') webhookId: string, @Param('eventId') eventId: string, @Req() req: Request) {
    await this.store.redeliver(dashboardViewer(req).userId, webhookId, eventId);
    this.sender.wake();
    return { eventId };
  }
}
