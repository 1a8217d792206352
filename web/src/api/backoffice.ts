import type { AccountAdmin, HistoryEntry, Invoice, Member, RebuildProgress } from '../../../src/contract/backoffice';
import type { ResponseOf } from '../../../src/contract/route';
import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';
import type { FailedOutbox } from '../../../src/contract/outboxes';
import type { FeedChange, FeedCountsView, FeedView } from '../../../src/contract/feeds';
import { request } from './http';

// The server's own types (type-only imports), so both sides agree at compile time.
export type { AccountAdmin, FailedOutbox, HistoryEntry, Invoice, Member };
export type MemberStatus = Member['status'];
export type { RebuildProgress };

/** Response shapes of /api/backoffice (staff only); see the OpenAPI page for every route. */

export type MemberQuery = { q?: string; level?: string; site?: string; status?: string; page?: number; perpage?: number };
export type MembersPage = { readonly members: readonly Member[]; readonly total: number; readonly page: number; readonly perpage: number };

export type Person = { readonly userId: string; readonly name: string; readonly email: string; readonly securityLevel: number };
export type People = Readonly<Record<string, Person>>;

export type HistoryFilter = { type?: string; from?: string; to?: string };
export type HistoryPage = {
  readonly events: readonly HistoryEntry[];
  readonly total: number;
  readonly page: number;
  readonly perpage: number;
  readonly types: readonly string[];
  readonly people: People;
};

/** The account as folded from its stream (secrets redacted). */
export type AccountState = { readonly exists: boolean } & Readonly<Record<string, unknown>>;

export type AccountView = {
  readonly userId: string;
  readonly member: Member | null;
  readonly account: AccountState;
  readonly admin: AccountAdmin;
  readonly ownedSites: readonly { readonly siteId: string; readonly subdomain: string; readonly name: string }[];
  readonly people: People;
};

export type StateAsOf = {
  readonly userId: string;
  readonly asOf: { readonly position: string; readonly eventId: string; readonly type: string; readonly at: string } | null;
  readonly account: AccountState;
  readonly admin: AccountAdmin;
};

/** A row of the projections panel; pushed progress replaces its rebuild, without who started it. */
export type ProjectionRow = Omit<ResponseOf<typeof contract.projections.list>['projections'][number], 'rebuild'> & { readonly rebuild: RebuildProgress | null };

export type { FeedCountsView, FeedView };

/** What the feed form sends: secrets only when typed (empty: keep the stored one). */
export type FeedForm = FeedChange<
  | { readonly kind: 'oauth2'; readonly tokenUrl: string; readonly clientId: string; readonly clientSecret?: string; readonly scope?: string | null }
  | { readonly kind: 'bearer'; readonly token?: string }
  | { readonly kind: 'none' }
>;

export type { FeedProgressView as FeedProgress } from '../../../src/contract/feeds';

export type ActionResult = { readonly isSuccess: true; readonly events: readonly string[]; readonly admin: AccountAdmin };

const qs = (params: Record<string, string | number | undefined>) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') u.set(k, String(v));
  const s = u.toString();
  return s ? `?${s}` : '';
};

const enc = encodeURIComponent;

export const backofficeApi = {
  findMembers: (q: MemberQuery) => request<MembersPage>('GET', `/api/backoffice/findmembers${qs(q)}`, undefined, { unique: true }),
  account: (userId: string) => request<AccountView>('GET', `/api/backoffice/accounts/${enc(userId)}`),
  history: (userId: string, f: HistoryFilter & { page?: number; perpage?: number }) =>
    request<HistoryPage>('GET', `/api/backoffice/accounts/${enc(userId)}/history${qs(f)}`, undefined, { unique: true }),
  exportUrl: (userId: string, f: HistoryFilter) => `/api/backoffice/accounts/${enc(userId)}/history/export${qs(f)}`,
  stateAsOf: (userId: string, position?: string) => request<StateAsOf>('GET', `/api/backoffice/accounts/${enc(userId)}/state${qs({ position })}`),
  /** An account action: the path under /api/backoffice and its body (with the reason). */
  act: (path: string, body: Record<string, unknown>) => request<ActionResult>('POST', `/api/backoffice/${path}`, body),
  projections: () => api(contract.projections.list),
  rebuild: (name: string) => api(contract.projections.rebuild, { params: { name }, body: {} }),
  cancelRebuild: (name: string) => api(contract.projections.cancelRebuild, { params: { name } }),
  feeds: () => request<{ feeds: readonly FeedView[] }>('GET', '/api/backoffice/feeds'),
  saveFeed: (form: FeedForm) => request<{ isSuccess: true; name: string; created: boolean; changed: boolean }>('POST', '/api/backoffice/feeds', form),
  syncFeed: (name: string) => request<{ syncId: string | null }>('POST', `/api/backoffice/feeds/${enc(name)}/sync`, {}),
  reconcileFeed: (name: string) => request<{ syncId: string | null }>('POST', `/api/backoffice/feeds/${enc(name)}/reconcile`, {}),
  removeFeed: (name: string) => request<{ isSuccess: true }>('POST', `/api/backoffice/feeds/${enc(name)}/remove`, {}),
  failedMessages: () => api(contract.outboxes.failed),
  sendAgain: (outbox: string, id: string) => api(contract.outboxes.sendAgain, { params: { outbox, id }, body: {} }),
  become: (userId: string, reason: string, returnUrl: string) =>
    request<{ userId: string; expiresAt: string; redirectUrl: string }>('POST', `/api/backoffice/become/${enc(userId)}`, { reason, returnUrl }),
};
