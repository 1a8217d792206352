import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has defaults that run the product with no set-up', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/\.data$/);
    expect(c.demoSeed).toBe(true);
    expect(c.demoPassword).toBe('porchlight-demo');
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
    expect(loadConfig({ SEARCH_CACHE_MB: '16', SEARCH_STATEMENT_TIMEOUT_MS: '250' })).toMatchObject({ searchCacheBytes: 16 * 1024 * 1024, searchStatementTimeoutMs: 250 });
    expect(() => loadConfig({ SEARCH_STATEMENT_TIMEOUT_MS: '0' })).toThrow(/SEARCH_STATEMENT_TIMEOUT_MS must be an integer from 10/);
  });

  it('reads flags and numbers', () => {
    const c = loadConfig({ PORT: '8080', DEMO_SEED: '0', TRUST_PROXY: 'true', DATABASE_URL: 'postgres://u:p@h:5432/db' });
    expect(c).toMatchObject({ port: 8080, demoSeed: false, trustProxy: true, databaseUrl: 'postgres://u:p@h:5432/db' });
  });
});
