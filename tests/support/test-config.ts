import { type Config, loadConfig } from '../../src/config/config';

/** A product configuration pointing at a test database, with quiet logs. */
export const testConfig = (databaseUrl: string, overrides: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PROJECTION_POLL_MS: '100',
    DEMO_SEED: '0',
    ...overrides,
  });
