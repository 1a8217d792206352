import { FEED_RESOURCE_NAMES, type FeedPaging, type FeedResourceName } from '../../../../src/contract/feeds';
import type { FeedCountsView, FeedForm, FeedView } from '../../api/backoffice';

/** `fetched 3, imported 1, changed 2, unchanged 0, deleted 0, rejected 0`, as the CLI prints it. */
export const countsLine = (c: FeedCountsView): string =>
  `fetched ${c.fetched}, imported ${c.imported}, changed ${c.changed}, unchanged ${c.unchanged}, deleted ${c.deleted}, rejected ${c.rejected}`;

/** Lag in words: seconds, minutes, hours or days behind. */
export function lagText(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

/** A run's progress in percent: of @odata.count when the server gave one; unknown (null) otherwise. */
export const runPercent = (fetched: number, expectedTotal: number | null): number | null =>
  expectedTotal === null || expectedTotal <= 0 ? null : Math.min(100, Math.floor((fetched / expectedTotal) * 100));

export const intervalText = (seconds: number): string =>
  seconds % 86_400 === 0 ? `${seconds / 86_400} d` : seconds % 3600 === 0 ? `${seconds / 3600} h` : seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`;

/** The form's fields, all text, as the inputs hold them. */
export type FeedFields = {
  name: string;
  url: string;
  authKind: 'oauth2' | 'bearer' | 'none';
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  bearer: string;
  resources: FeedResourceName[];
  timeZone: string;
  pageSize: string;
  intervalMinutes: string;
  filter: string;
  paging: FeedPaging;
  disclaimer: string;
};

export function fieldsOf(feed: FeedView | null): FeedFields {
  const s = feed?.settings;
  return {
    name: feed?.name ?? '',
    url: s?.url ?? '',
    authKind: s?.auth.kind ?? 'oauth2',
    tokenUrl: s?.auth.kind === 'oauth2' ? s.auth.tokenUrl : '',
    clientId: s?.auth.kind === 'oauth2' ? s.auth.clientId : '',
    clientSecret: '',
    scope: s?.auth.kind === 'oauth2' ? (s.auth.scope ?? '') : '',
    bearer: '',
    resources: [...(s?.resources ?? FEED_RESOURCE_NAMES)],
    timeZone: s?.timeZone ?? 'UTC',
    pageSize: String(s?.pageSize ?? 1000),
    intervalMinutes: String((s?.pollIntervalSeconds ?? 900) / 60),
    filter: s?.filter ?? '',
    paging: s?.paging ?? 'auto',
    disclaimer: s?.disclaimer ?? '',
  };
}

const sameUrl = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

/**
 * Whether the stored secret must be typed again: it never follows a changed address (for OAuth2
 * the token URL or the service root, for a bearer token the service root), as the server holds.
 */
export function secretNeededAgain(f: FeedFields, feed: FeedView | null): boolean {
  const s = feed?.settings;
  if (!s || s.auth.kind !== f.authKind) return false;
  if (s.auth.kind === 'oauth2') return s.auth.hasSecret && (!sameUrl(f.url, s.url) || f.tokenUrl.trim() !== s.auth.tokenUrl);
  return s.auth.kind === 'bearer' && s.auth.hasSecret && !sameUrl(f.url, s.url);
}

/**
 * What the form sends, or the first problem in words. Secrets go only when typed: left empty on
 * a feed that has one, the stored secret is kept (the server never sends it back), unless the
 * address it goes to changed.
 */
export function formToRequest(f: FeedFields, feed: FeedView | null): FeedForm | string {
  const editing = feed !== null;
  const again = secretNeededAgain(f, feed);
  if (!/^[A-Za-z0-9_]{1,32}$/.test(f.name)) return 'The feed name must be 1 to 32 letters, digits or underscores';
  if (!/^https?:\/\/\S+$/.test(f.url.trim())) return 'Please enter the service root URL (http or https)';
  const pageSize = Number(f.pageSize);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000) return 'The page size must be 1 to 10000';
  const minutes = Number(f.intervalMinutes);
  if (!Number.isFinite(minutes) || minutes < 1) return 'The poll interval must be at least 1 minute';
  let auth: FeedForm['auth'];
  if (f.authKind === 'oauth2') {
    if (!/^https?:\/\/\S+$/.test(f.tokenUrl.trim())) return 'Please enter the token URL';
    if (!f.clientId.trim()) return 'Please enter the client id';
    if (!editing && !f.clientSecret) return 'Please enter the client secret';
    if (again && !f.clientSecret)
      return 'Please enter the client secret again: the token URL or service root URL changed, and the stored secret is only sent where it was given for';
    auth = {
      kind: 'oauth2',
      tokenUrl: f.tokenUrl.trim(),
      clientId: f.clientId.trim(),
      scope: f.scope.trim() || null,
      ...(f.clientSecret ? { clientSecret: f.clientSecret } : {}),
    };
  } else if (f.authKind === 'bearer') {
    if (!editing && !f.bearer) return 'Please enter the bearer token';
    if (again && !f.bearer)
      return 'Please enter the bearer token again: the service root URL changed, and the stored token is only sent where it was given for';
    auth = { kind: 'bearer', ...(f.bearer ? { token: f.bearer } : {}) };
  } else auth = { kind: 'none' };
  return {
    name: f.name,
    url: f.url.trim(),
    auth,
    resources: f.resources,
    timeZone: f.timeZone.trim() || 'UTC',
    pageSize,
    pollIntervalSeconds: Math.round(minutes * 60),
    filter: f.filter.trim() || null,
    paging: f.paging,
    disclaimer: f.disclaimer.trim() || null,
  };
}
