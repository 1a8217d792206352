import { Body, Controller, Delete, Get, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import type { MailboxStatus } from '../../../contract/mailbox';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { MailboxCommand } from '../mailbox.command';
import { MailboxSecrets } from '../mailbox-secrets';
import { mailboxStream } from '../mailbox.events';
import { MailboxSync } from '../sync/mailbox-sync';
import { MailboxProblem, testMailServers } from './mail-servers';
import { MailboxBody, settingsOf } from './mailbox-settings';
import { loadMailbox, recordConnection } from './record-connection';

export const EMAIL_INTEGRATION_PATH = 'api/dashboard/emailintegration';
const TAG = 'Agent mailbox';

/** Each test signs in to two servers the agent named: a person's pace, never a scan of hosts and ports. */
export const MAILBOX_TESTS: RateLimit = { name: 'mailbox-test', limit: 20, windowSeconds: 3600, message: 'Too many mailbox tests in the last hour; please try again later' };

type SyncRow = { state: string; attempts: number; last_sync_at: Date | null; last_error: string | null; next_attempt_at: Date | null; messages: number };

/**
 * The viewer's own mailbox (Settings › Connect your mailbox): test settings, connect (tested
 * again, the password sealed), status, disconnect, sync now. The password is never answered.
 */
@Controller(EMAIL_INTEGRATION_PATH)
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

  @ApiDoc({ summary: "The viewer's mailbox: provider, address, servers, last sync, the last error (never the password)", tag: TAG, access: 'agents, brokers, staff', responses: { 200: 'MailboxStatus' } })
  @Get()
  async status(@Req() req: Request): Promise<MailboxStatus> {
    return this.statusOf(dashboardViewer(req).userId);
  }

  @ApiDoc({ summary: 'Sign in to the IMAP and SMTP servers with these settings, saving nothing', tag: TAG, access: 'agents, brokers, staff', body: MailboxBody, responses: { 200: '{message}', 400: 'a server refused or could not be reached (named)', 429: 'too many tests' } })
  @Post('test')
  @HttpCode(200)
  async test(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const settings = settingsOf(parseBody(MailboxBody, body));
    await this.tested(viewer.userId, settings);
    return { message: `Signed in to ${settings.imap.host} (IMAP) and ${settings.smtp.host} (SMTP)` };
  }

  @ApiDoc({ summary: 'Connect the viewer’s mailbox: tested first, the password stored sealed', tag: TAG, access: 'agents, brokers, staff', body: MailboxBody, responses: { 200: 'MailboxStatus', 400: 'a server refused or could not be reached (named)', 429: 'too many tests' } })
  @Put()
  async connect(@Body() body: unknown, @Req() req: Request): Promise<MailboxStatus> {
    const viewer = dashboardViewer(req);
    const s = settingsOf(parseBody(MailboxBody, body));
    await this.tested(viewer.userId, s);
    const data = { userId: viewer.userId, provider: s.provider, address: s.address, username: s.username, imap: s.imap, smtp: s.smtp, secret: this.secrets.seal(s.password) };
    await recordConnection(this.store, this.commands, this.pool, data, commandContextOf(req));
    return this.statusOf(viewer.userId);
  }

  @ApiDoc({ summary: 'Disconnect the viewer’s mailbox: no more reading, the CRM’s e-mail goes from the site again', tag: TAG, access: 'agents, brokers, staff', responses: { 200: '{connected:false}' } })
  @Delete()
  async disconnect(@Req() req: Request): Promise<MailboxStatus> {
    const viewer = dashboardViewer(req);
    await this.commands.execute(new MailboxCommand(mailboxStream(viewer.userId), { kind: 'disconnect', userId: viewer.userId }, commandContextOf(req)));
    await this.pool.query('DELETE FROM mailbox_sync WHERE user_id = $1', [viewer.userId]);
    await this.pool.query('DELETE FROM mailbox_folders WHERE user_id = $1', [viewer.userId]);
    return { connected: false };
  }

  @ApiDoc({ summary: 'Read the viewer’s mailbox now (also after it stopped on a refused password)', tag: TAG, access: 'agents, brokers, staff', responses: { 200: 'MailboxStatus and copied', 400: 'no mailbox connected', 409: 'a sync of this mailbox is running' } })
  @Post('sync')
  @HttpCode(200)
  async syncNow(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const outcome = await this.sync.sync(viewer.userId);
    if (outcome.state === 'gone') throw validation('No mailbox is connected');
    const status = await this.statusOf(viewer.userId);
    return { ...status, copied: outcome.state === 'synced' ? outcome.copied : 0, ...(outcome.state === 'busy' ? { message: 'A sync of your mailbox is running; its result shows here when it ends' } : {}) };
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
    const { rows } = await this.pool.query<SyncRow>('SELECT state, attempts, last_sync_at, last_error, next_attempt_at, messages FROM mailbox_sync WHERE user_id = $1', [userId]);
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
