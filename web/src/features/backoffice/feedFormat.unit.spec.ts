import { describe, expect, it } from 'vitest';
import type { FeedView } from '../../api/backoffice';
import { countsLine, fieldsOf, formToRequest, intervalText, lagText, runPercent } from './feedFormat';

const feed: FeedView = {
  name: 'MRED',
  url: 'https://api.example.test/odata',
  lastSyncAt: null,
  lastSuccessAt: null,
  counts: { fetched: 3, imported: 1, changed: 2, unchanged: 0, deleted: 0, rejected: 0 },
  lagSeconds: null,
  lastError: null,
  lastDurationMs: null,
  newestModificationTimestamp: null,
  lastReconcileAt: null,
  lastReconcileDeleted: null,
  recordErrors: [],
  warnings: [],
  running: null,
  settings: {
    url: 'https://api.example.test/odata',
    auth: { kind: 'oauth2', tokenUrl: 'https://api.example.test/token', clientId: 'porch', scope: null, hasSecret: true },
    resources: ['Property', 'Media'],
    timeZone: 'America/Chicago',
    pageSize: 500,
    pollIntervalSeconds: 900,
    filter: null,
    paging: 'auto',
    disclaimer: null,
  },
};

describe('feeds tab formatting', () => {
  it('says counts as the CLI does, lag and intervals in words, progress of the counted total', () => {
    expect(countsLine(feed.counts)).toBe('fetched 3, imported 1, changed 2, unchanged 0, deleted 0, rejected 0');
    expect([lagText(null), lagText(42), lagText(600), lagText(7200), lagText(3 * 86_400)]).toEqual(['—', '42 s', '10 min', '2 h', '3 days']);
    expect([intervalText(900), intervalText(3600), intervalText(86_400), intervalText(90)]).toEqual(['15 min', '1 h', '1 d', '90 s']);
    expect([runPercent(50, 200), runPercent(50, null), runPercent(300, 200)]).toEqual([25, null, 100]);
  });

  it('edits keep a stored secret when its field is left empty; a new feed needs one', () => {
    const editing = fieldsOf(feed);
    expect(editing.clientSecret).toBe('');
    expect(formToRequest(editing, true)).toMatchObject({ name: 'MRED', auth: { kind: 'oauth2', clientId: 'porch', scope: null }, pageSize: 500, pollIntervalSeconds: 900 });
    expect((formToRequest(editing, true) as { auth: object }).auth).not.toHaveProperty('clientSecret');
    expect(formToRequest({ ...editing, clientSecret: 'new' }, true)).toMatchObject({ auth: { clientSecret: 'new' } });
    const fresh = { ...fieldsOf(null), name: 'NEW', url: 'https://x.test/odata', tokenUrl: 'https://x.test/token', clientId: 'c' };
    expect(formToRequest(fresh, false)).toBe('Please enter the client secret');
    expect(formToRequest({ ...fresh, name: 'bad name' }, false)).toMatch(/letters, digits or underscores/);
    expect(formToRequest({ ...fresh, authKind: 'bearer' }, false)).toBe('Please enter the bearer token');
    expect(formToRequest({ ...fresh, authKind: 'none', intervalMinutes: '0.5' }, false)).toBe('The poll interval must be at least 1 minute');
  });
});
