import { describe, expect, it } from 'vitest';
import type { FeedView } from '../../api/backoffice';
import { countsLine, fieldsOf, formToRequest, intervalText, lagText, runPercent, secretNeededAgain } from './feedFormat';

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
  interrupted: null,
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
    expect(formToRequest(editing, feed)).toMatchObject({
      name: 'MRED',
      auth: { kind: 'oauth2', clientId: 'porch', scope: null },
      pageSize: 500,
      pollIntervalSeconds: 900,
    });
    expect((formToRequest(editing, feed) as { auth: object }).auth).not.toHaveProperty('clientSecret');
    expect(formToRequest({ ...editing, clientSecret: 'new' }, feed)).toMatchObject({ auth: { clientSecret: 'new' } });
    const fresh = { ...fieldsOf(null), name: 'NEW', url: 'https://x.test/odata', tokenUrl: 'https://x.test/token', clientId: 'c' };
    expect(formToRequest(fresh, null)).toBe('Please enter the client secret');
    expect(formToRequest({ ...fresh, name: 'bad name' }, null)).toMatch(/letters, digits or underscores/);
    expect(formToRequest({ ...fresh, authKind: 'bearer' }, null)).toBe('Please enter the bearer token');
    expect(formToRequest({ ...fresh, authKind: 'none', intervalMinutes: '0.5' }, null)).toBe('The poll interval must be at least 1 minute');
  });

  it('asks for the stored secret again once the address it goes to changes', () => {
    const editing = fieldsOf(feed);
    expect(secretNeededAgain(editing, feed)).toBe(false);
    expect(secretNeededAgain({ ...editing, url: 'https://api.example.test/odata/' }, feed)).toBe(false);
    expect(secretNeededAgain({ ...editing, tokenUrl: 'https://collector.example/token' }, feed)).toBe(true);
    expect(secretNeededAgain({ ...editing, url: 'https://collector.example/odata' }, feed)).toBe(true);
    expect(formToRequest({ ...editing, tokenUrl: 'https://collector.example/token' }, feed)).toMatch(
      /^Please enter the client secret again: the token URL or service root URL changed/,
    );
    expect(formToRequest({ ...editing, tokenUrl: 'https://collector.example/token', clientSecret: 's' }, feed)).toMatchObject({
      auth: { tokenUrl: 'https://collector.example/token', clientSecret: 's' },
    });
    const bearerFeed: FeedView = { ...feed, settings: { ...feed.settings, auth: { kind: 'bearer', hasSecret: true } } };
    const bearer = fieldsOf(bearerFeed);
    expect(formToRequest({ ...bearer, url: 'https://collector.example/odata' }, bearerFeed)).toMatch(/^Please enter the bearer token again/);
    expect(formToRequest({ ...bearer, pageSize: '10' }, bearerFeed)).toMatchObject({ auth: { kind: 'bearer' } });
    // Another kind of authentication asks for its own secret anyway.
    expect(secretNeededAgain({ ...editing, authKind: 'bearer', url: 'https://collector.example/odata' }, feed)).toBe(false);
  });
});
