import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { MailboxSecrets } from '../mailbox-secrets';
import type { OAuthProvider } from './oauth-provider';

/** A consent not finished in this time must be started again. */
const STATE_MINUTES = 10;

const hashOf = (s: string) => createHash('sha256').update(s).digest();

/** The state sent with a consent; answers the state to send. Expired ones are swept as new ones come. */
export async function issueState(
  pool: pg.Pool,
  secrets: MailboxSecrets,
  p: { sessionId: string; userId: string; provider: OAuthProvider; verifier: string },
): Promise<string> {
  const state = randomBytes(32).toString('base64url');
  await pool.query('DELETE FROM mailbox_oauth_states WHERE expires_at < now()');
  await pool.query(
    `INSERT INTO mailbox_oauth_states (state_hash, session_hash, user_id, provider, verifier, expires_at) VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [hashOf(state), hashOf(p.sessionId), p.userId, p.provider, JSON.stringify(secrets.seal(p.verifier)), STATE_MINUTES],
  );
  return state;
}

/**
 * Takes a state once: the PKCE verifier when it was issued to this session for this provider and
 * has not ended; null otherwise (unknown, used, ended, another session's or provider's).
 */
export async function takeState(
  pool: pg.Pool,
  secrets: MailboxSecrets,
  p: { state: string; sessionId: string; provider: OAuthProvider },
): Promise<{ userId: string; verifier: string } | null> {
  const { rows } = await pool.query<{
    session_hash: Buffer;
    user_id: string;
    provider: string;
    verifier: Parameters<MailboxSecrets['open']>[0];
    live: boolean;
  }>('DELETE FROM mailbox_oauth_states WHERE state_hash = $1 RETURNING session_hash, user_id, provider, verifier, expires_at > now() AS live', [
    hashOf(p.state),
  ]);
  const row = rows[0];
  if (!row || !row.live || row.provider !== p.provider || !row.session_hash.equals(hashOf(p.sessionId))) return null;
  const verifier = secrets.open(row.verifier);
  return verifier === null ? null : { userId: row.user_id, verifier };
}
