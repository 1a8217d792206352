import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import { LEADS_TO_PRIVATE, type Resolve, systemResolve } from '../../../shared/net/outbound';
import { ipLiteralOf, isPrivateAddress } from '../../../shared/net/private-address';
import type { MailServer } from '../mailbox.events';

/** What signs in to the agent's servers: the user name and the (app) password, or an OAuth access token (SASL XOAUTH2). */
export type MailLogin = { readonly username: string; readonly password: string } | { readonly username: string; readonly accessToken: string };

/** Why a mailbox cannot be used, in words for the agent; `refused`: the servers refused the sign-in (no retry can fix it). */
export class MailboxProblem extends Error {
  override readonly name = 'MailboxProblem';
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/** A password travels only encrypted: TLS from the start (`secure`), else STARTTLS required, except to this machine itself. */
const mustUpgrade = (s: MailServer) => !s.secure && !LOOPBACK.test(s.host);

const TIMEOUT_MS = 20_000;

export function imapClient(server: MailServer, login: MailLogin): ImapFlow {
  return new ImapFlow({
    host: server.host,
    port: server.port,
    secure: server.secure,
    doSTARTTLS: mustUpgrade(server) ? true : undefined,
    auth: 'accessToken' in login ? { user: login.username, accessToken: login.accessToken } : { user: login.username, pass: login.password },
    logger: false,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: 5 * 60_000,
  });
}

export function smtpTransport(server: MailServer, login: MailLogin) {
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    requireTLS: mustUpgrade(server),
    auth:
      'accessToken' in login
        ? { type: 'OAuth2' as const, user: login.username, accessToken: login.accessToken }
        : { user: login.username, pass: login.password },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
  });
}

type NetError = Error & { code?: unknown; authenticationFailed?: unknown; responseCode?: unknown };

/** An IMAP or SMTP error as the agent reads it: which server, and what went wrong, never the password. */
export function problemOf(kind: 'IMAP' | 'SMTP', server: MailServer, err: unknown): MailboxProblem {
  const e = (err instanceof Error ? err : new Error(String(err))) as NetError;
  if (e.authenticationFailed === true || e.code === 'EAUTH' || e.responseCode === 535) {
    return new MailboxProblem(`The ${kind} server ${server.host} refused the user name or password`, true);
  }
  const code = typeof e.code === 'string' ? e.code : null;
  if (code && /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ETIMEOUT|ECONNECTION|ESOCKET)$/.test(code)) {
    return new MailboxProblem(`Could not reach the ${kind} server ${server.host}:${server.port} (${code})`, false);
  }
  return new MailboxProblem(`The ${kind} server ${server.host} answered: ${e.message.replace(/\s+/g, ' ').slice(0, 200)}`, false);
}

/**
 * The servers an agent names are on the internet, not this server's own network (loopback,
 * private, link-local), unless ALLOW_PRIVATE_OUTBOUND allows it, as for MLS feeds: a mailbox
 * setting is no way to probe internal hosts. Checked before each connection.
 */
export async function assertReachable(kind: 'IMAP' | 'SMTP', server: MailServer, allowPrivate: boolean, resolve: Resolve = systemResolve): Promise<void> {
  if (allowPrivate) return;
  const literal = ipLiteralOf(server.host);
  let addresses: string[];
  try {
    addresses = literal ? [literal] : (await resolve(server.host)).map((a) => a.address);
  } catch {
    throw new MailboxProblem(`The ${kind} server ${server.host} was not found`, false);
  }
  if (addresses.some(isPrivateAddress)) throw new MailboxProblem(`The ${kind} server ${server.host} ${LEADS_TO_PRIVATE}`, true);
}

/** Signs in to both servers once (IMAP: log in and out; SMTP: EHLO and AUTH): throws the first MailboxProblem. */
export async function testMailServers(imap: MailServer, smtp: MailServer, login: MailLogin, allowPrivate: boolean): Promise<void> {
  await assertReachable('IMAP', imap, allowPrivate);
  await assertReachable('SMTP', smtp, allowPrivate);
  const client = imapClient(imap, login);
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.logout();
  } catch (err) {
    client.close();
    throw problemOf('IMAP', imap, err);
  }
  const transport = smtpTransport(smtp, login);
  try {
    await transport.verify();
  } catch (err) {
    throw problemOf('SMTP', smtp, err);
  } finally {
    transport.close();
  }
}
