import { Body, Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import type { MailboxStatus } from '../../../contract/mailbox';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { MailboxCommand } from '../mailbox.command';
import { MailboxSecrets } from '../mailbox-secrets';
import { mailboxStream } from '../mailbox.events';
import { MailboxSync } from '../sync/mailbox-sync';
import { MailboxProblem, testMailServers } from './mail-servers';
import { settingsOf } from './mailbox-settings';
import { loadMailbox, recordConnection } from './record-connection';

export const EMAIL_INTEGRATION_PATH = contract.mailbox.status.path;

/** Each test signs in to two servers the agent named: a person's pace, never a scan of hosts and ports. */
export const MAILBOX_TESTS: RateLimit = {
  name: 'mailbox-test',
  limit: 20,
  windowSeconds: 3600,
  message: 'Too many mailbox tests in the last hour; please try again later',
};

type SyncRow = { state: string; attempts: number; last_sync_at: Date | null; last_error: string | null; next_attempt_at: Date | null; messages: number };

/**
 * The viewer's own mailbox (Settings › Connect your mailbox): test settings, connect (tested
 * again, the password sealed), status, disconnect, sync now. The password is never answered.
 */
@Controller()
export class EmailIntegrationController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(MailboxSecrets) private readonly secrets: MailboxSecrets,
    @Inject(MailboxSync) private readonly sync: MailboxSync,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Route(contract.mailbox.status)
  async status(@Req() req: Request): Promise<MailboxStatus> {
    return this.statusOf(dashboardViewer(req).userId);
  }

  @Route(contract.mailbox.test)
  async test(@Body() body: BodyOf<typeof contract.mailbox.test>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const settings = settingsOf(body);
    await this.tested(viewer.userId, settings);
    return { message: `Signed in to ${settings.imap.host} (IMAP) and ${settings.smtp.host} (SMTP)` };
  }

  /** 400: a server refused or could not be reached (named); 429: too many tests. */
  @Route(contract.mailbox.connect)
  async connect(@Body() body: BodyOf<typeof contract.mailbox.connect>, @Req() req: Request): Promise<MailboxStatus> {
    const viewer = dashboardViewer(req);
    const s = settingsOf(body);
    await this.tested(viewer.userId, s);
    const data = {
      userId: viewer.userId,
      provider: s.provider,
      address: s.address,
      username: s.username,
      imap: s.imap,
      smtp: s.smtp,
      secret: this.secrets.seal(s.password),
    };
    await recordConnection(this.store, this.commands, this.pool, data, commandContextOf(req));
    return this.statusOf(viewer.userId);
  }

  @Route(contract.mailbox.disconnect)
  async disconnect(@Req() req: Request): Promise<MailboxStatus> {
    const viewer = dashboardViewer(req);
    await this.commands.execute(new MailboxCommand(mailboxStream(viewer.userId), { kind: 'disconnect', userId: viewer.userId }, commandContextOf(req)));
    await this.pool.query('DELETE FROM mailbox_sync WHERE user_id = $1', [viewer.userId]);
    await this.pool.query('DELETE FROM mailbox_folders WHERE user_id = $1', [viewer.userId]);
    return { connected: false };
  }

  @Route(contract.mailbox.sync)
  async syncNow(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const outcome = await this.sync.sync(viewer.userId);
    if (outcome.state === 'gone') throw validation('No mailbox is connected');
    const status = await this.statusOf(viewer.userId);
    return {
      ...status,
      copied: outcome.state === 'synced' ? outcome.copied : 0,
      ...(outcome.state === 'busy' ? { message: 'A sync of your mailbox is running; its result shows here when it ends' } : {}),
    };
  }

  private async tested(userId: string, s: ReturnType<typeof settingsOf>): Promise<void> {
    await this.limiter.enforce(MAILBOX_TESTS, userId);
    try {
      await testMailServers(s.imap, s.smtp, { username: s.username, password: s.password }, this.config.allowPrivateOutbound);
    } catch (err) {
      if (err instanceof MailboxProblem) throw validation(err.message);
      throw err;
    }
  }

  private async statusOf(userId: string): Promise<MailboxStatus> {
    const mailbox = await loadMailbox(this.store, userId);
    if (!mailbox.connected) return { connected: false };
    const { rows } = await this.pool.query<SyncRow>(
      'SELECT state, attempts, last_sync_at, last_error, next_attempt_at, messages FROM mailbox_sync WHERE user_id = $1',
      [userId],
    );
    const r = rows[0];
    return {
      connected: true,
      provider: mailbox.provider,
      auth: mailbox.auth ?? 'password',
      address: mailbox.address,
      username: mailbox.username,
      imap: mailbox.imap,
      smtp: mailbox.smtp,
      state: !r || r.state === 'failed' ? 'stopped' : r.attempts > 0 ? 'retrying' : 'syncing',
      lastSyncAt: r?.last_sync_at?.toISOString() ?? null,
      lastError: r?.last_error ?? null,
      nextAttemptAt: r?.next_attempt_at?.toISOString() ?? null,
      messages: r?.messages ?? 0,
    };
  }
}
