import type { Decider } from '../../../commands/decider';
import type { FeedChange } from '../../../contract/feeds';
import { notFound, validation } from '../../../shared/errors';
import { evolveFeed, type Feed, initialFeed } from '../feed';
import type { FeedAuth, FeedEvent, FeedResource, FeedSettings, PagingStrategy, SealedSecret } from '../feeds.events';

/** Auth as a command carries it: secrets already sealed, or absent to keep the stored one. */
export type AuthChange =
  | { readonly kind: 'oauth2'; readonly tokenUrl: string; readonly clientId: string; readonly scope?: string | null; readonly clientSecret?: SealedSecret }
  | { readonly kind: 'bearer'; readonly token?: SealedSecret }
  | { readonly kind: 'none' };

export type FeedCommand = ({ readonly kind: 'configure' } & FeedChange<AuthChange>) | { readonly kind: 'remove'; readonly name: string };

export const FEED_DEFAULTS = {
  resources: ['Property'] as readonly FeedResource[],
  timeZone: 'UTC',
  pageSize: 1000,
  pollIntervalSeconds: 15 * 60,
  paging: 'auto' as PagingStrategy,
};

export const CLIENT_SECRET_AGAIN =
  'The client secret is required again when the token URL or the service root URL changes (the secret, or the token it gets, would be sent to the new address)';
export const BEARER_TOKEN_AGAIN = 'The bearer token is required again when the service root URL changes (it would be sent to the new address)';

/**
 * "Add or change feed NAME" and "remove feed NAME". A change keeps every setting it does not
 * name, secrets included, but a stored secret never follows a changed address: a new token URL
 * or service root needs the secret again. A new feed needs its service root. Property is always
 * pulled. Only a real change is an event: the same settings again append nothing.
 */
export function decideFeed(c: FeedCommand, state: Feed): FeedEvent[] {
  if (c.kind === 'remove') {
    if (!state.exists || state.removed) throw notFound(`No feed named ${c.name}`);
    return [{ type: 'FeedRemoved', data: { name: c.name } }];
  }
  const before = state.exists ? state.settings : null;
  const url = c.url ?? before?.url;
  if (!url) throw validation('The service root URL (--url) is required for a new feed');
  const resources = c.resources ?? before?.resources ?? FEED_DEFAULTS.resources;
  const settings: FeedSettings = {
    url: url.replace(/\/+$/, ''),
    auth: authOf(c.auth, before?.auth ?? { kind: 'none' }),
    resources: ['Property', ...resources.filter((r, i) => r !== 'Property' && resources.indexOf(r) === i)],
    timeZone: c.timeZone ?? before?.timeZone ?? FEED_DEFAULTS.timeZone,
    pageSize: c.pageSize ?? before?.pageSize ?? FEED_DEFAULTS.pageSize,
    pollIntervalSeconds: c.pollIntervalSeconds ?? before?.pollIntervalSeconds ?? FEED_DEFAULTS.pollIntervalSeconds,
    filter: c.filter !== undefined ? c.filter?.trim() || null : (before?.filter ?? null),
    paging: c.paging ?? before?.paging ?? FEED_DEFAULTS.paging,
    disclaimer: c.disclaimer !== undefined ? c.disclaimer?.trim() || null : (before?.disclaimer ?? null),
  };
  if (before) refuseSecretToNewAddress(before, settings);
  if (state.exists && !state.removed && canonical(settings) === canonical(state.settings)) return [];
  return [{ type: 'FeedConfigured', data: { name: c.name, settings } }];
}

/** JSON with keys sorted: stored settings come back from jsonb with their keys in another order. */
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  );

/** A kept secret is the very sealed value stored before; a secret given again is sealed anew. */
function refuseSecretToNewAddress(before: FeedSettings, after: FeedSettings): void {
  const a = after.auth;
  const b = before.auth;
  if (a.kind === 'oauth2' && b.kind === 'oauth2' && a.clientSecret === b.clientSecret && (a.tokenUrl !== b.tokenUrl || after.url !== before.url))
    throw validation(CLIENT_SECRET_AGAIN);
  if (a.kind === 'bearer' && b.kind === 'bearer' && a.token === b.token && after.url !== before.url) throw validation(BEARER_TOKEN_AGAIN);
}

function authOf(change: AuthChange | undefined, before: FeedAuth): FeedAuth {
  if (!change) return before;
  switch (change.kind) {
    case 'none':
      return { kind: 'none' };
    case 'bearer': {
      const token = change.token ?? (before.kind === 'bearer' ? before.token : undefined);
      if (!token) throw validation('A bearer token is required (--bearer TOKEN)');
      return { kind: 'bearer', token };
    }
    case 'oauth2': {
      const clientSecret = change.clientSecret ?? (before.kind === 'oauth2' ? before.clientSecret : undefined);
      if (!clientSecret) throw validation('The OAuth2 client secret is required (--client-secret SECRET)');
      const scope = change.scope !== undefined ? change.scope?.trim() || null : before.kind === 'oauth2' ? before.scope : null;
      return { kind: 'oauth2', tokenUrl: change.tokenUrl, clientId: change.clientId, scope, clientSecret };
    }
    default:
      return change satisfies never;
  }
}

export const feedDecider: Decider<Feed, FeedCommand, FeedEvent> = { initialState: initialFeed, evolve: evolveFeed, decide: decideFeed };
