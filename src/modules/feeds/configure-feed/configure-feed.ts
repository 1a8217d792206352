import type { CommandContext } from '../../../commands/command-context';
import { handleCommand } from '../../../commands/handle-command';
import type { EventStore } from '../../../eventstore/event-store.port';
import { validation } from '../../../shared/errors';
import { LEADS_TO_PRIVATE, type Outbound } from '../../../shared/net/outbound';
import type { FeedSecrets } from '../feed-secrets';
import { feedStream, type FeedSettings } from '../feeds.events';
import { type AuthChange, feedDecider } from './configure-feed.decide';
import type { FeedInput } from './feed-input';

/**
 * Seals the secrets of a validated input and applies it: answers the feed's settings and whether
 * anything changed. A URL it sets that leads to a private address is refused (400) unless the
 * policy allows them; the sync checks the address it connects to again.
 */
export async function configureFeed(
  store: EventStore,
  secrets: FeedSecrets,
  input: FeedInput,
  ctx: CommandContext,
  outbound: Outbound,
): Promise<{ settings: FeedSettings; changed: boolean; created: boolean }> {
  const { name, auth, ...rest } = input;
  const urls: [string | undefined, string][] = [
    [input.url, 'The service root URL'],
    [auth?.kind === 'oauth2' ? auth.tokenUrl : undefined, 'The token URL'],
  ];
  for (const [url, what] of urls)
    if (url && (await outbound.isPrivate(url))) throw validation(`${what} ${LEADS_TO_PRIVATE} (unless its operator sets ALLOW_PRIVATE_OUTBOUND=1)`);
  let sealed: AuthChange | undefined;
  if (auth?.kind === 'oauth2') sealed = { ...auth, clientSecret: auth.clientSecret === undefined ? undefined : secrets.seal(auth.clientSecret) };
  else if (auth?.kind === 'bearer') sealed = { kind: 'bearer', token: auth.token === undefined ? undefined : secrets.seal(auth.token) };
  else sealed = auth;
  const result = await handleCommand(store, feedStream(name), feedDecider, { kind: 'configure', name, ...rest, auth: sealed }, ctx);
  if (!result.state.exists) throw new Error('unreachable: a configured feed exists');
  const created = result.events.length > 0 && result.append?.nextRevision === 0n;
  return { settings: result.state.settings, changed: result.events.length > 0, created };
}

export async function removeFeed(store: EventStore, name: string, ctx: CommandContext): Promise<void> {
  await handleCommand(store, feedStream(name), feedDecider, { kind: 'remove', name }, ctx);
}
