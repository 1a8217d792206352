import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { inTransaction } from '../../../database/database';
import { SessionEvents } from './session-events';

export const SESSION_DAYS = 30;

export type SessionRecord = {
  readonly userId: string;
  readonly securityLevel: number;
  readonly officeId: string | null;
  readonly impersonatorId: string | null;
  readonly returnUrl: string | null;
};

export type Session = SessionRecord & { readonly id: string; readonly expiresAt: Date };

// 256 bits of randomness; only its SHA-256 is stored.
const newSessionId = () => randomBytes(32).toString('base64url');
const hashOf = (id: string) => createHash('sha256').update(id).digest();
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

type Row = {
  user_id: string;
  security_level: number;
  office_id: string | null;
  impersonator_id: string | null;
  return_url: string | null;
  expires_at: Date;
};

/** Server-side sessions in PostgreSQL (security state, not domain history). */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SessionEvents) private readonly events: SessionEvents,
  ) {}

  /**
   * Starts a session; the old one (if any) stops being valid in the same transaction. An
   * impersonation passes a short lifetime (at most 30 minutes).
   */
  async start(record: SessionRecord, replacing?: string, lifetimeMs: number = SESSION_DAYS * 86_400_000): Promise<Session> {
    const id = newSessionId();
    const expiresAt = new Date(Date.now() + lifetimeMs);
    await inTransaction(this.pool, async (tx) => {
      if (replacing && SESSION_ID.test(replacing)) await tx.query('DELETE FROM sessions WHERE id_hash = $1', [hashOf(replacing)]);
      // Expired rows are swept a few at a time by whoever signs in next.
      await tx.query('DELETE FROM sessions WHERE id_hash IN (SELECT id_hash FROM sessions WHERE expires_at < now() LIMIT 100)');
      await tx.query(
        `INSERT INTO sessions (id_hash, user_id, security_level, office_id, impersonator_id, return_url, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [hashOf(id), record.userId, record.securityLevel, record.officeId, record.impersonatorId, record.returnUrl, expiresAt],
      );
    });
    return { ...record, id, expiresAt };
  }

  async find(id: string | undefined): Promise<Session | null> {
    if (!id || !SESSION_ID.test(id)) return null;
    const { rows } = await this.pool.query<Row & { stale: boolean }>(
      `SELECT user_id, security_level, office_id, impersonator_id, return_url, expires_at, last_seen_at < now() - interval '5 minutes' AS stale
       FROM sessions WHERE id_hash = $1 AND expires_at > now()`,
      [hashOf(id)],
    );
    const r = rows[0];
    if (!r) return null;
    // A write at most every five minutes per session, not one per request.
    if (r.stale) void this.pool.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [hashOf(id)]).catch(() => undefined);
    return {
      id,
      userId: r.user_id,
      securityLevel: r.security_level,
      officeId: r.office_id,
      impersonatorId: r.impersonator_id,
      returnUrl: r.return_url,
      expiresAt: r.expires_at,
    };
  }

  /**
   * Ends every session of the user (sign-out, password change, a lock, a first proof of the
   * address), and the impersonations they run as staff, and tells the socket layer.
   */
  async endAllFor(userId: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE user_id = $1 OR impersonator_id = $1', [userId]);
    this.events.userSessionsEnded(userId);
  }

  async end(id: string): Promise<void> {
    if (SESSION_ID.test(id)) await this.pool.query('DELETE FROM sessions WHERE id_hash = $1', [hashOf(id)]);
  }
}
