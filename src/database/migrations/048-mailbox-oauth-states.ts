import type { Migration } from './migration';

/**
 * The OAuth consents under way for agents' mailboxes: each `state` sent to Google or Microsoft,
 * stored as its hash with the session it is bound to, the PKCE verifier (sealed) and when it
 * ends; the callback takes it (DELETE … RETURNING): one use, on any instance.
 */
export const mailboxOAuthStates: Migration = {
  id: 48,
  name: 'mailbox-oauth-states',
  up: `
CREATE TABLE mailbox_oauth_states (
  state_hash bytea PRIMARY KEY,
  session_hash bytea NOT NULL,
  user_id uuid NOT NULL,
  provider text NOT NULL,
  verifier jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX mailbox_oauth_states_expiry ON mailbox_oauth_states (expires_at);
`,
};
