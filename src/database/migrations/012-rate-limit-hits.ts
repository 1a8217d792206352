import type { Migration } from './migration';

/**
 * Request counts for rate limits shared by every instance (src/http/rate-limiter.ts): one row
 * per accepted request, keyed by what is limited (e.g. 'photo-report:<client hash>', never a raw
 * address), kept until its window has passed.
 */
export const rateLimitHits: Migration = {
  id: 12,
  name: 'rate-limit-hits',
  up: `
CREATE TABLE rate_limit_hits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_key ON rate_limit_hits (key, expires_at);
CREATE INDEX rate_limit_hits_expiry ON rate_limit_hits (expires_at);
`,
};
