import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import { systemContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import { EventStore } from '../../../eventstore/event-store.port';
import { type MailLogin, MailboxProblem } from '../connect/mail-servers';
import { MailboxSecrets, UNREADABLE_SECRET } from '../mailbox-secrets';
import { type Mailbox, mailboxDecider } from '../mailbox.decide';
import { mailboxStream } from '../mailbox.events';
import { type OAuthProvider, providerName, refreshTokens, type Tokens } from './oauth-provider';

/** An access token is renewed this long before it ends, so that a sync or a send never starts with one about to end. */
const RENEW_BEFORE_MS = 5 * 60_000;

type Cached = { readonly accessToken: string; readonly expiresAt: Date; readonly of: string };

/**
 * How the mailbox port signs in to an agent's servers: with the app password, or with an OAuth
 * access token renewed from the sealed refresh token before it ends. Access tokens live in this
 * instance's memory only (each instance renews its own; none is ever stored or logged). A
 * refresh token the provider refused (revoked, expired) is a refused sign-in: the mailbox stops
 * and its status tells the agent to connect again.
 */
@Injectable()
export class MailboxLogins {
  private readonly tokens = new Map<string, Cached>();

  constructor(
    @Inject(MailboxSecrets) private readonly secrets: MailboxSecrets,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async loginFor(mailbox: Extract<Mailbox, { connected: true }>): Promise<MailLogin> {
    const secret = this.secrets.open(mailbox.secret);
    if (secret === null) throw new MailboxProblem(UNREADABLE_SECRET, true);
    if (mailbox.auth !== 'oauth2') return { username: mailbox.username, password: secret };
    const cached = this.tokens.get(mailbox.userId);
    // `of`: the sealed refresh token it came from; a mailbox connected anew has another.
    if (cached && cached.of === mailbox.secret.data && cached.expiresAt.getTime() - RENEW_BEFORE_MS > Date.now())
      return { username: mailbox.username, accessToken: cached.accessToken };
    const provider = mailbox.provider as OAuthProvider;
    const client = this.config.mailboxOAuth[provider];
    if (!client)
      throw new MailboxProblem(`Connecting with ${providerName(provider)} is switched off on this server; connect your mailbox with an app password`, true);
    const tokens = await refreshTokens(provider, client, secret);
    let of = mailbox.secret.data;
    if (tokens.refreshToken && tokens.refreshToken !== secret) {
      const sealed = this.secrets.seal(tokens.refreshToken);
      await handleCommand(
        this.store,
        mailboxStream(mailbox.userId),
        mailboxDecider,
        { kind: 'renew', userId: mailbox.userId, secret: sealed, replaces: mailbox.secret.data },
        systemContext(),
      );
      of = sealed.data;
    }
    this.remember(mailbox.userId, of, tokens);
    return { username: mailbox.username, accessToken: tokens.accessToken };
  }

  /** The access token of a consent just given, so that the first sync needs no renewal. */
  remember(userId: string, sealedData: string, tokens: Tokens): void {
    this.tokens.set(userId, { accessToken: tokens.accessToken, expiresAt: tokens.expiresAt, of: sealedData });
  }
}
