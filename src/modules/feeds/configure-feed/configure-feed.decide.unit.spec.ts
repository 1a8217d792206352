import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { evolveFeed, type Feed, initialFeed } from '../feed';
import type { FeedEvent, SealedSecret } from '../feeds.events';
import { BEARER_TOKEN_AGAIN, CLIENT_SECRET_AGAIN, decideFeed, type FeedCommand } from './configure-feed.decide';
import { FeedInput, parseInterval } from './feed-input';

const sealed = (data: string): SealedSecret => ({ v: 1, iv: 'iv', tag: 'tag', data });
const given = (events: FeedEvent[]): Feed => events.reduce(evolveFeed, initialFeed());
const configure = (c: Omit<Extract<FeedCommand, { kind: 'configure' }>, 'kind' | 'name'>): FeedCommand => ({ kind: 'configure', name: 'MRED', ...c });
const settingsOf = (events: FeedEvent[]) => (events[0] as Extract<FeedEvent, { type: 'FeedConfigured' }>).data.settings;

describe('configuring a feed (given events / when command / then events)', () => {
  it('a new feed takes its URL and the defaults; Property is always pulled and listed once', () => {
    const events = decideFeed(configure({ url: 'https://api.example.test/odata/', resources: ['Media', 'Media', 'Member'] }), initialFeed());
    expect(events).toEqual([
      {
        type: 'FeedConfigured',
        data: {
          name: 'MRED',
          settings: {
            url: 'https://api.example.test/odata',
            auth: { kind: 'none' },
            resources: ['Property', 'Media', 'Member'],
            timeZone: 'UTC',
            pageSize: 1000,
            pollIntervalSeconds: 900,
            filter: null,
            paging: 'auto',
            disclaimer: null,
          },
        },
      },
    ]);
  });

  it('a new feed without a URL, and OAuth2 or bearer without a secret, are refused with what is missing', () => {
    expect(() => decideFeed(configure({}), initialFeed())).toThrow('The service root URL (--url) is required for a new feed');
    expect(() =>
      decideFeed(configure({ url: 'https://x.test', auth: { kind: 'oauth2', tokenUrl: 'https://x.test/token', clientId: 'c' } }), initialFeed()),
    ).toThrow(/client secret is required/);
    expect(() => decideFeed(configure({ url: 'https://x.test', auth: { kind: 'bearer' } }), initialFeed())).toThrow(/bearer token is required/);
  });

  it('a change keeps what it does not name, the sealed secret included; the same settings again are no event', () => {
    const created = decideFeed(
      configure({
        url: 'https://x.test',
        auth: { kind: 'oauth2', tokenUrl: 'https://x.test/token', clientId: 'c', scope: 'api', clientSecret: sealed('s1') },
        filter: "CountyOrParish eq 'Cook'",
      }),
      initialFeed(),
    );
    const state = given(created);
    const changed = decideFeed(configure({ auth: { kind: 'oauth2', tokenUrl: 'https://x.test/token', clientId: 'c2' }, pageSize: 200 }), state);
    expect(settingsOf(changed)).toMatchObject({
      url: 'https://x.test',
      auth: { kind: 'oauth2', tokenUrl: 'https://x.test/token', clientId: 'c2', scope: 'api', clientSecret: sealed('s1') },
      pageSize: 200,
      filter: "CountyOrParish eq 'Cook'",
    });
    expect(
      decideFeed(configure({ pageSize: 200, auth: { kind: 'oauth2', tokenUrl: 'https://x.test/token', clientId: 'c2' } }), given([...created, ...changed])),
    ).toEqual([]);
    // Stored settings come back from jsonb with their keys in another order: still the same settings.
    const reordered = created.map((e) => ({
      ...e,
      data: JSON.parse(
        JSON.stringify(e.data, (_k, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v)),
      ) as typeof e.data,
    })) as FeedEvent[];
    expect(decideFeed(configure({ filter: "CountyOrParish eq 'Cook'" }), given(reordered))).toEqual([]);
    // An empty filter clears it.
    expect(settingsOf(decideFeed(configure({ filter: '  ' }), state)).filter).toBeNull();
  });

  it('a stored secret never follows a changed address: a new token URL or service root needs the secret again', () => {
    const oauth = given(
      decideFeed(
        configure({ url: 'https://x.test', auth: { kind: 'oauth2', tokenUrl: 'https://x.test/token', clientId: 'c', clientSecret: sealed('s1') } }),
        initialFeed(),
      ),
    );
    expect(() => decideFeed(configure({ auth: { kind: 'oauth2', tokenUrl: 'https://attacker.example/token', clientId: 'c' } }), oauth)).toThrow(
      CLIENT_SECRET_AGAIN,
    );
    expect(() => decideFeed(configure({ url: 'https://attacker.example/odata' }), oauth)).toThrow(CLIENT_SECRET_AGAIN);
    expect(
      settingsOf(decideFeed(configure({ auth: { kind: 'oauth2', tokenUrl: 'https://y.test/token', clientId: 'c', clientSecret: sealed('s2') } }), oauth)).auth,
    ).toMatchObject({ tokenUrl: 'https://y.test/token', clientSecret: sealed('s2') });

    const bearer = given(decideFeed(configure({ url: 'https://x.test', auth: { kind: 'bearer', token: sealed('t1') } }), initialFeed()));
    expect(() => decideFeed(configure({ url: 'https://attacker.example' }), bearer)).toThrow(BEARER_TOKEN_AGAIN);
    expect(() => decideFeed(configure({ url: 'https://attacker.example', auth: { kind: 'bearer' } }), bearer)).toThrow(BEARER_TOKEN_AGAIN);
    expect(settingsOf(decideFeed(configure({ url: 'https://y.test', auth: { kind: 'bearer', token: sealed('t2') } }), bearer))).toMatchObject({
      url: 'https://y.test',
      auth: { token: sealed('t2') },
    });
    // The same address again (a trailing slash aside) keeps the secret.
    expect(decideFeed(configure({ url: 'https://x.test/', pageSize: 10 }), bearer)).toHaveLength(1);
    // A removed feed added again at another address needs its secret too.
    const removed = given([
      ...decideFeed(configure({ url: 'https://x.test', auth: { kind: 'bearer', token: sealed('t1') } }), initialFeed()),
      { type: 'FeedRemoved', data: { name: 'MRED' } },
    ]);
    expect(() => decideFeed(configure({ url: 'https://attacker.example' }), removed)).toThrow(BEARER_TOKEN_AGAIN);
  });

  it('remove: a known feed is removed once; an unknown or removed one is 404; adding it again brings it back', () => {
    const created = decideFeed(configure({ url: 'https://x.test' }), initialFeed());
    const removed = decideFeed({ kind: 'remove', name: 'MRED' }, given(created));
    expect(removed).toEqual([{ type: 'FeedRemoved', data: { name: 'MRED' } }]);
    const gone = given([...created, ...removed]);
    expect(gone).toMatchObject({ exists: true, removed: true });
    let error: unknown;
    try {
      decideFeed({ kind: 'remove', name: 'MRED' }, gone);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'No feed named MRED' });
    expect(decideFeed(configure({}), gone)).toHaveLength(1);
  });
});

describe('feed input', () => {
  it('checks names, URLs, zones, sizes and intervals with clear messages', () => {
    const problem = (v: unknown) => {
      const r = FeedInput.safeParse(v);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(problem({ name: 'ok_1', url: 'https://api.test/odata', timeZone: 'America/Chicago', pageSize: 500, pollIntervalSeconds: 300 })).toBeNull();
    expect(problem({ name: 'bad-name' })).toMatch(/1 to 32 letters, digits or underscores/);
    expect(problem({ name: 'A', url: 'ftp://x' })).toMatch(/http\(s\) URL/);
    expect(problem({ name: 'A', url: 'https://user:pw@x.test' })).toMatch(/without a user name or password/);
    expect(problem({ name: 'A', timeZone: 'Mars/Olympus' })).toMatch(/IANA name/);
    expect(problem({ name: 'A', pageSize: 0 })).toMatch(/1 to 10000/);
    expect(problem({ name: 'A', pollIntervalSeconds: 10 })).toMatch(/at least 1 minute/);
    expect(problem({ name: 'A', resources: ['Rooms'] })).toMatch(/Property, Media, OpenHouse, Member, Office/);
    expect(problem({ name: 'A', secret: 'x' })).toBeTruthy();
  });

  it('reads --interval as seconds, minutes, hours or days', () => {
    expect([parseInterval('15m'), parseInterval('1h'), parseInterval('90'), parseInterval('2d'), parseInterval('soon')]).toEqual([
      900,
      3600,
      90,
      172_800,
      null,
    ]);
  });
});
