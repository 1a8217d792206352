import type { AccountAdmin, HistoryEntry, Invoice, Member, Person, RebuildProgress } from '../../../src/contract/backoffice';
import type { FeedCountsView, FeedChange, FeedView } from '../../../src/contract/feeds';
import type { FailedOutbox } from '../../../src/contract/outboxes';
import type { QueryInput, ResponseOf } from '../../../src/contract/route';
import { contract } from '../../../src/contract/routes';
import type { ActionResult } from '../../../src/contract/routes/account-action';
import { api, urlOf } from './contract-client';

// The contract's own types (type-only imports), so both sides agree at compile time.
export type { AccountAdmin, ActionResult, FailedOutbox, FeedCountsView, FeedView, HistoryEntry, Invoice, Member, RebuildProgress };
export type { FeedProgressView as FeedProgress } from '../../../src/contract/feeds';
export type MemberStatus = Member['status'];
export type People = Readonly<Record<string, Person>>;

const routes = contract.backoffice;

export type MemberQuery = QueryInput<typeof routes.findMembers>;
export type MembersPage = ResponseOf<typeof routes.findMembers>;
export type HistoryFilter = QueryInput<typeof routes.historyExport>;
export type HistoryPage = ResponseOf<typeof routes.history>;
export type AccountView = ResponseOf<typeof routes.account>;
export type StateAsOf = ResponseOf<typeof routes.state>;

/** A row of the projections panel; pushed progress replaces its rebuild, without who started it. */
export type ProjectionRow = Omit<ResponseOf<typeof contract.projections.list>['projections'][number], 'rebuild'> & { readonly rebuild: RebuildProgress | null };

/** What the feed form sends: secrets only when typed (empty: keep the stored one). */
export type FeedForm = FeedChange<
  | { readonly kind: 'oauth2'; readonly tokenUrl: string; readonly clientId: string; readonly clientSecret?: string; readonly scope?: string | null }
  | { readonly kind: 'bearer'; readonly token?: string }
  | { readonly kind: 'none' }
>;

/** The back-office's reads and the calls its screens share (staff only); account actions are in features/backoffice/accountActions.ts. */
export const backofficeApi = {
  findMembers: (query: MemberQuery) => api(routes.findMembers, { query }, { unique: true }),
  account: (userId: string, signal?: AbortSignal) => api(routes.account, { params: { userId } }, { signal }),
  history: (userId: string, query: QueryInput<typeof routes.history>) => api(routes.history, { params: { userId }, query }, { unique: true }),
  exportUrl: (userId: string, query: HistoryFilter) => urlOf(routes.historyExport, { params: { userId }, query }),
  stateAsOf: (userId: string, position: string, signal?: AbortSignal) => api(routes.state, { params: { userId }, query: { position } }, { signal }),
  projections: () => api(contract.projections.list),
  rebuild: (name: string) => api(contract.projections.rebuild, { params: { name }, body: {} }),
  cancelRebuild: (name: string) => api(contract.projections.cancelRebuild, { params: { name } }),
  feeds: () => api(contract.feeds.list),
  saveFeed: (form: FeedForm) => api(contract.feeds.configure, { body: form }),
  syncFeed: (name: string) => api(contract.feeds.sync, { params: { name }, body: {} }),
  reconcileFeed: (name: string) => api(contract.feeds.reconcile, { params: { name }, body: {} }),
  removeFeed: (name: string) => api(contract.feeds.remove, { params: { name }, body: {} }),
  failedMessages: () => api(contract.outboxes.failed),
  sendAgain: (outbox: string, id: string) => api(contract.outboxes.sendAgain, { params: { outbox, id }, body: {} }),
  become: (userId: string, reason: string, returnUrl: string) => api(routes.become, { params: { userId }, body: { reason, returnUrl } }),
};
