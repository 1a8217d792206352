import { Controller, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { commandContextOf } from '../../../commands/request-context';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { RateLimiter } from '../../../http/rate-limiter';
import { logger } from '../../../shared/logger';
import { AppError, notFound } from '../../../shared/errors';
import { requireAuth } from '../../accounts';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { MAILBOX_TESTS } from '../connect/emailintegration.http';
import { MailboxProblem, testMailServers } from '../connect/mail-servers';
import { recordConnection } from '../connect/record-connection';
import { MailboxSecrets } from '../mailbox-secrets';
import { MailboxLogins } from './mailbox-logins';
import { authorizeUrl, callbackPath, exchangeCode, OAUTH_PROVIDERS, pkce, serverOf } from './oauth-provider';
import { issueState, takeState } from './oauth-states';

const log = logger('mailbox-oauth');
/** Where the consent ends: the settings view, told how it went by a code (the words are the web app's, never taken from the URL). */
function back(res: Response, outcome: string): undefined {
  res.redirect(302, `/dashboard?view=settings&mailbox=${outcome}`);
  return undefined;
}

/**
 * Connect with Google / Microsoft: the OAuth 2.0 authorization-code flow with PKCE. `start`
 * sends the agent to the provider's consent with a one-use state bound to their session; the
 * provider sends them back to `callback`, which takes the state, exchanges the code, signs in to
 * IMAP and SMTP with the access token (XOAUTH2), and records the mailbox with its refresh token
 * sealed.
 */
@Controller()
export class EmailIntegrationOAuthController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(MailboxSecrets) private readonly secrets: MailboxSecrets,
    @Inject(MailboxLogins) private readonly logins: MailboxLogins,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Route(contract.mailbox.oauthProviders)
  providers(@Req() req: Request) {
    dashboardViewer(req);
    return { providers: OAUTH_PROVIDERS.filter((p) => this.config.mailboxOAuth[p]) };
  }

  @Route(contract.mailbox.oauthStart)
  async start(@Param('provider') name: string, @Req() req: Request, @Res() res: Response): Promise<undefined> {
    const viewer = dashboardViewer(req);
    const { provider, client } = this.clientOf(name);
    const { verifier, challenge } = pkce();
    const state = await issueState(this.pool, this.secrets, { sessionId: requireAuth(req).id, userId: viewer.userId, provider, verifier });
    res.redirect(302, authorizeUrl(provider, client, { redirectUri: this.config.publicUrl + callbackPath(provider), state, challenge }));
    return undefined;
  }

  @Route(contract.mailbox.oauthCallback)
  async callback(
    @Param('provider') name: string,
    @Query() query: QueryOf<typeof contract.mailbox.oauthCallback>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<undefined> {
    const viewer = dashboardViewer(req);
    const { provider, client } = this.clientOf(name);
    const { state = '', code = '', error = '' } = query;
    const taken = state ? await takeState(this.pool, this.secrets, { state, sessionId: requireAuth(req).id, provider }) : null;
    if (!taken || taken.userId !== viewer.userId) return back(res, 'expired');
    if (error || !code) return back(res, error === 'access_denied' ? 'denied' : 'failed');
    try {
      const redirectUri = this.config.publicUrl + callbackPath(provider);
      const tokens = await exchangeCode(provider, client, { code, verifier: taken.verifier, redirectUri });
      if (!tokens.refreshToken || !tokens.email) return back(res, 'failed');
      const imap = serverOf(client.imapUrl);
      const smtp = serverOf(client.smtpUrl);
      await this.limiter.enforce(MAILBOX_TESTS, viewer.userId);
      await testMailServers(imap, smtp, { username: tokens.email, accessToken: tokens.accessToken }, this.config.allowPrivateOutbound);
      const secret = this.secrets.seal(tokens.refreshToken);
      await recordConnection(
        this.store,
        this.commands,
        this.pool,
        { userId: viewer.userId, provider, address: tokens.email, username: tokens.email, imap, smtp, secret, auth: 'oauth2' },
        commandContextOf(req),
      );
      this.logins.remember(viewer.userId, secret.data, tokens);
      return back(res, 'connected');
    } catch (err) {
      // The agent is on a page of ours by now: what went wrong is said there, not as JSON.
      if (err instanceof AppError && err.code === 'rate_limited') return back(res, 'limited');
      if (!(err instanceof MailboxProblem)) throw err;
      log.warn('a mailbox consent could not be used', { userId: viewer.userId, provider, error: err.message });
      return back(res, err.refused ? 'refused' : 'failed');
    }
  }

  private clientOf(name: string) {
    const provider = OAUTH_PROVIDERS.find((p) => p === name);
    const client = provider && this.config.mailboxOAuth[provider];
    if (!provider || !client) throw notFound('This provider cannot be connected on this server');
    return { provider, client };
  }
}
