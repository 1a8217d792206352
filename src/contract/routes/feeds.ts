import { z } from 'zod';
import { FeedInput, FeedTestInput } from '../feed-input';
import { FeedTestResultSchema } from '../feed-presets';
import { FeedSettingsSchema, FeedViewSchema } from '../feeds';
import { Done } from '../fields';
import { routes } from '../route';
import { BACKOFFICE } from './account-action';

const TAG = 'Back-office: feeds';
const Name = z.strictObject({ name: z.string() });
const Empty = z.strictObject({});
const Started = z.strictObject({ isSuccess: z.literal(true), syncId: z.string().nullable() });

/**
 * MLS feeds in the back-office (contract 4a): the list with each feed's status, add or change a
 * feed (secrets are write-only), remove it, sync or reconcile it now, and test a connection.
 */
export const feedsRoutes = routes('feeds', {
  list: {
    method: 'GET',
    path: `${BACKOFFICE}/feeds`,
    summary: 'Every feed: url, lastSyncAt, lastSuccessAt, counts, lagSeconds, lastError, the run in progress and its settings (never its secrets)',
    tag: TAG,
    access: 'staff',
    responses: { 200: z.strictObject({ feeds: z.array(FeedViewSchema).readonly() }) },
  },
  configure: {
    method: 'POST',
    path: `${BACKOFFICE}/feeds`,
    summary:
      'Add feed `name`, or change it (what is left out stays as it was, secrets included; a changed token URL or service root needs the secret again; 400 also for a URL that leads to a private address in production)',
    tag: TAG,
    access: 'staff',
    body: FeedInput,
    responses: {
      200: z.strictObject({ isSuccess: z.literal(true), name: z.string(), created: z.boolean(), changed: z.boolean(), settings: FeedSettingsSchema }),
    },
  },
  sync: {
    method: 'POST',
    path: `${BACKOFFICE}/feeds/:name/sync`,
    summary: 'Sync the feed now, in this process (full the first time, incremental after; 404: no such feed, 409: a sync of it is running)',
    tag: TAG,
    access: 'staff',
    params: Name,
    body: Empty,
    responses: { 202: Started },
  },
  reconcile: {
    method: 'POST',
    path: `${BACKOFFICE}/feeds/:name/reconcile`,
    summary: "Compare every key the feed's server holds with ours now and remove what it no longer has (404: no such feed, 409: a sync of it is running)",
    tag: TAG,
    access: 'staff',
    params: Name,
    body: Empty,
    responses: { 202: Started },
  },
  remove: {
    method: 'POST',
    path: `${BACKOFFICE}/feeds/:name/remove`,
    summary: 'Stop the feed (its listings stay; 404: no such feed)',
    tag: TAG,
    access: 'staff',
    params: Name,
    body: Empty,
    responses: { 200: Done },
  },
  delete: {
    method: 'DELETE',
    path: `${BACKOFFICE}/feeds/:name`,
    summary: 'Stop the feed (its listings stay); the same as POST :name/remove',
    tag: TAG,
    access: 'staff',
    params: Name,
    responses: { 200: Done },
  },
  test: {
    method: 'POST',
    path: `${BACKOFFICE}/feeds/test`,
    summary:
      "Test a feed's service root and credentials (token, then $top=1 of Property and each chosen resource); stores nothing. The first failed step says what is wrong",
    tag: TAG,
    access: 'staff',
    body: FeedTestInput,
    responses: { 200: FeedTestResultSchema },
  },
});
