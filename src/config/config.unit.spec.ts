import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUSH_TEST_ORIGINS_IN_PRODUCTION, SEARCH_INDEX_WITHOUT_MEILI } from './config';

describe('configuration', () => {
  it('has defaults that run the product with no set-up', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\.data$/);
    expect(c.demoSeed).toBe(true);
    expect(c.demoPassword).toBe('porchlight-demo');
    // Retention of quiet leads is off unless asked for (issue 18).
    expect(c.leadRetentionDays).toBe(0);
    expect(loadConfig({ LEAD_RETENTION_DAYS: '1095' }).leadRetentionDays).toBe(1095);
    expect(() => loadConfig({ LEAD_RETENTION_DAYS: '-1' })).toThrow(ConfigError);
  });

  it("CRM e-mail replies: the reply domain defaults to MAIL_FROM's, the Mailgun key to unset (no webhook)", () => {
    expect(loadConfig({}).inboundEmail).toEqual({ domain: 'porchlight.test', mailgunSigningKey: undefined, maxBodyBytes: 40 * 1024 * 1024 });
    expect(loadConfig({ INBOUND_EMAIL_MAX_MB: '25' }).inboundEmail.maxBodyBytes).toBe(25 * 1024 * 1024);
    expect(loadConfig({ MAIL_FROM: 'Homes <hello@Homes.Example.com>' }).inboundEmail.domain).toBe('homes.example.com');
    expect(loadConfig({ INBOUND_EMAIL_DOMAIN: 'Reply.Example.com', MAILGUN_WEBHOOK_SIGNING_KEY: 'key-0123456789abcdef' }).inboundEmail).toMatchObject({
      domain: 'reply.example.com',
      mailgunSigningKey: 'key-0123456789abcdef',
    });
    expect(() => loadConfig({ INBOUND_EMAIL_DOMAIN: 'not a domain' })).toThrow(/INBOUND_EMAIL_DOMAIN must be a domain name/);
    expect(() => loadConfig({ MAILGUN_WEBHOOK_SIGNING_KEY: 'short' })).toThrow(/MAILGUN_WEBHOOK_SIGNING_KEY must be at least 16 characters/);
  });

  it('listens on the loopback interface unless HOST says otherwise (a default start is not on the network)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://relay' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('loads no demo data in production unless DEMO_SEED=1, and then never with the public default password', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).demoSeed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).demoSeed).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoSeed).toBe(true);
    const refused = /DEMO_PASSWORD must be set to a password of your own when DEMO_SEED=1 in production/;
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1' })).toThrow(refused);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_SEED: 'yes', DEMO_PASSWORD: 'porchlight-demo' })).toThrow(refused);
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: '1', DEMO_PASSWORD: 'a-password-of-our-own' })).toMatchObject({
      demoSeed: true,
      demoPassword: 'a-password-of-our-own',
    });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SEED: '0' }).demoSeed).toBe(false);
  });

  it("reads TWILIO_SITE_NUMBERS as each site's own texting number, one number per site", () => {
    const twilio = { TWILIO_ACCOUNT_SID: 'AC0123456789', TWILIO_AUTH_TOKEN: 'token-1234', TWILIO_FROM: '+12065550000' };
    expect(loadConfig(twilio).twilio?.siteNumbers).toEqual({});
    expect(loadConfig({ ...twilio, TWILIO_SITE_NUMBERS: 'jane=+12065550101, demo=+12065550102' }).twilio?.siteNumbers).toEqual({
      jane: '+12065550101',
      demo: '+12065550102',
    });
    for (const bad of ['jane=2065550101', 'jane', 'jane=+12065550101,demo=+12065550101']) {
      expect(() => loadConfig({ ...twilio, TWILIO_SITE_NUMBERS: bad })).toThrow(/TWILIO_SITE_NUMBERS must be subdomain=\+E164 pairs/);
    }
  });

  it('allows a local push-service stand-in (PUSH_TEST_ORIGINS) in development and test, never in production', () => {
    expect(loadConfig({}).pushTestOrigins).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', PUSH_TEST_ORIGINS: 'http://127.0.0.1:4567/push' }).pushTestOrigins).toEqual(['http://127.0.0.1:4567']);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_TEST_ORIGINS: 'http://127.0.0.1:4567' })).toThrow(PUSH_TEST_ORIGINS_IN_PRODUCTION);
    expect(loadConfig({ NODE_ENV: 'production', PUSH_TEST_ORIGINS: '' }).pushTestOrigins).toEqual([]);
  });

  it('lets user-set URLs reach private addresses in development and test only, unless ALLOW_PRIVATE_OUTBOUND says otherwise', () => {
    expect([loadConfig({}).allowPrivateOutbound, loadConfig({ NODE_ENV: 'test' }).allowPrivateOutbound]).toEqual([true, true]);
    expect(loadConfig({ NODE_ENV: 'production' }).allowPrivateOutbound).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_PRIVATE_OUTBOUND: '1' }).allowPrivateOutbound).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', ALLOW_PRIVATE_OUTBOUND: '0' }).allowPrivateOutbound).toBe(false);
  });

  it('searches in memory unless SEARCH_INDEX=postgres or meilisearch, which needs MEILI_URL', () => {
    expect(loadConfig({}).searchIndex).toBe('memory');
    expect(loadConfig({ SEARCH_INDEX: 'postgres' }).searchIndex).toBe('postgres');
    expect(loadConfig({ MEILI_URL: 'http://localhost:7700' }).searchIndex).toBe('memory');
    const meili = loadConfig({ SEARCH_INDEX: 'meilisearch', MEILI_URL: 'http://localhost:7700', MEILI_KEY: 'k' });
    expect([meili.searchIndex, meili.meili]).toEqual(['meilisearch', { url: 'http://localhost:7700', key: 'k' }]);
    expect(() => loadConfig({ SEARCH_INDEX: 'meilisearch' })).toThrow(SEARCH_INDEX_WITHOUT_MEILI);
    expect(() => loadConfig({ SEARCH_INDEX: 'elastic' })).toThrow(/SEARCH_INDEX/);
  });

  it('snapshots the in-memory index into DATA_DIR in production only, unless SEARCH_SNAPSHOT_FILE says where (empty: nowhere)', () => {
    expect(loadConfig({}).searchSnapshot).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/var/lib/porchlight', DEMO_SEED: '0' }).searchSnapshot).toEqual({
      file: '/var/lib/porchlight/search-index.snapshot',
      everyMs: 600_000,
    });
    expect(loadConfig({ NODE_ENV: 'production', SEARCH_SNAPSHOT_FILE: '', DEMO_SEED: '0' }).searchSnapshot).toBeUndefined();
    expect(loadConfig({ SEARCH_SNAPSHOT_FILE: '/tmp/s.bin', SEARCH_SNAPSHOT_MINUTES: '2' }).searchSnapshot).toEqual({ file: '/tmp/s.bin', everyMs: 120_000 });
  });

  it('reads MAP_HOSTS as origins', () => {
    expect(loadConfig({}).mapHosts).toEqual([]);
    expect(loadConfig({ MAP_HOSTS: 'https://tiles.example.com/v1/x, https://fonts.example.com:8443' }).mapHosts).toEqual([
      'https://tiles.example.com',
      'https://fonts.example.com:8443',
    ]);
    expect(() => loadConfig({ MAP_HOSTS: 'tiles.example.com' })).toThrow(/MAP_HOSTS must list http\(s\) origins/);
  });

  it.each([
    ['PORT', 'abc', /PORT must be an integer from 0 to 65535/],
    ['PORT', '70000', /PORT must be an integer/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must be a postgres: or postgresql: URL/],
    ['DEMO_SEED', 'maybe', /DEMO_SEED must be one of/],
    ['DEMO_PASSWORD', 'short', /DEMO_PASSWORD must be at least 8 characters/],
    ['PROJECTION_POLL_MS', '0', /PROJECTION_POLL_MS must be an integer from 10/],
  ])('refuses %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('reports every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', DEMO_SEED: 'y' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems).toHaveLength(2);
    }
  });

  it('limits searches by default (issue 12): a statement timeout, a pool of their own, a cache bounded in bytes, per-address limits', () => {
    expect(loadConfig({})).toMatchObject({
      searchStatementTimeoutMs: 500,
      searchPoolSize: 8,
      searchCacheBytes: 64 * 1024 * 1024,
      searchRatePerMinute: 600,
      searchParallelPerAddress: 1,
    });
    expect(loadConfig({ SEARCH_CACHE_MB: '16', SEARCH_STATEMENT_TIMEOUT_MS: '250' })).toMatchObject({
      searchCacheBytes: 16 * 1024 * 1024,
      searchStatementTimeoutMs: 250,
    });
    expect(() => loadConfig({ SEARCH_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/SEARCH_STATEMENT_TIMEOUT_MS must be an integer from 10/);
  });

  it('reads flags and numbers', () => {
    const c = loadConfig({ PORT: '8080', DEMO_SEED: '0', TRUST_PROXY: 'true', DATABASE_URL: 'postgres://u:p@h:5432/db' });
    expect(c).toMatchObject({ port: 8080, demoSeed: false, trustProxy: true, databaseUrl: 'postgres://u:p@h:5432/db' });
  });
});
