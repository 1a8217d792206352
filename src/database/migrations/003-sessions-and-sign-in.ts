import type { Migration } from './migration';

/**
 * Security state that is not domain history (sign-in and sign-out themselves are events on the
 * user's stream): server-side sessions, failed sign-in attempts for throttling across
 * instances, and the development mail outbox.
 *
 * A session row is keyed by the SHA-256 of its cookie value, so a copy of this table cannot be
 * replayed as cookies.
 */
export const sessionsAndSignIn: Migration = {
  id: 3,
  name: 'sessions-and-sign-in',
  up: `
CREATE TABLE sessions (
  id_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL,
  security_level smallint NOT NULL,
  office_id uuid,
  impersonator_id uuid,
  return_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- One row per failed sign-in; key is 'account:<sha256 of the address>' or 'address:<client ip>'.
CREATE TABLE sign_in_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at);

CREATE TABLE sign_in_locks (
  key text PRIMARY KEY,
  until timestamptz NOT NULL
);

CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  headers jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
`,
};
