import { Inject, Injectable } from '@nestjs/common';
import type { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type pg from 'pg';
import { officeContacts } from '../../../../projections/lead-feed';
import { CONFIG, DB_POOL } from '../../../runtime/tokens';
import type { Config } from '../../../config/config';
import type { CommandContext } from '../../../commands/command-context';
import { fold } from '../../../commands/decider';
import { handleCommand } from '../../../commands/handle-command';
import { inTransaction } from '../../../database/database';
import { EventStore } from '../../../eventstore/event-store.port';
import { newId } from '../../../shared/ids';
import { logger } from '../../../shared/logger';
import { loadLead } from '../../leads';
import { emailStream, leadEmailDecider } from '../../conversation';
import { actOnEmailReply } from '../../compliance';
import { recordFailure } from '../../messaging';
import { assertReachable, imapClient, MailboxProblem, problemOf } from '../connect/mail-servers';
import { MailboxLogins } from '../oauth/mailbox-logins';
import { type Mailbox, mailboxDecider } from '../mailbox.decide';
import { mailboxStream } from '../mailbox.events';
import { addressesOf, copiedMessageId, mailCopyDecider, newWordsOf, subjectOf } from './mail-copy';

const log = logger('mailbox-sync');

/** How often a healthy mailbox is read. */
export const POLL_SECONDS = 60;
/** Mail older than this before the connection is never copied (a mailbox's whole history is not the CRM's). */
const HISTORY_DAYS = 30;
/** Messages looked at per folder and run; the next run goes on from the checkpoint. */
const BATCH = 200;
/** Our own Message-IDs (messaging's messageIdOf): a CRM e-mail the agent's provider filed in Sent is already in the thread. */
const OURS = /^<lead-email\./;

/** When a message was written, as its Date header says, but never later than now (a wrong clock must not put it ahead of the thread). */
const sentAt = (date: Date | undefined): Date => new Date(date && Number.isFinite(date.getTime()) ? Math.min(date.getTime(), Date.now()) : Date.now());

export type SyncOutcome =
  | { readonly state: 'synced'; readonly copied: number }
  | { readonly state: 'busy' | 'gone' }
  | { readonly state: 'failed'; readonly reason: string; readonly stopped: boolean };

type Row = { user_id: string; connected_at: Date };
type Folder = { readonly path: string; readonly sent: boolean };

/**
 * Reads an agent's mailbox into their leads' threads. A run holds the mailbox's `mailbox_sync`
 * row lock (FOR UPDATE SKIP LOCKED: one instance at a time per mailbox; another finds it busy)
 * and reads INBOX and the Sent folder from each folder's checkpoint (UIDVALIDITY + last UID, in
 * `mailbox_folders`, written in the run's transaction). A message from or to one of the agent's
 * leads becomes `LeadEmailReceived` / `LeadEmailSent` (fromMailbox) on `email-{leadId}`, by a
 * message id derived from its Message-ID: a run that dies after appending and before its
 * checkpoint commits reads the message again and records nothing (the stream already holds that
 * id). A failed run is recorded under the outboxes' retry policy; a refused password stops the
 * polling until the agent connects again or syncs by hand.
 */
@Injectable()
export class MailboxSync {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(MailboxLogins) private readonly logins: MailboxLogins,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  /** The mailboxes due for a run (pending and their wait over), oldest first. */
  async due(limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ user_id: string }>(
      `SELECT user_id FROM mailbox_sync WHERE state = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= now()) ORDER BY next_attempt_at NULLS FIRST LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.user_id);
  }

  async sync(userId: string): Promise<SyncOutcome> {
    return inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<Row>('SELECT user_id, connected_at FROM mailbox_sync WHERE user_id = $1 FOR UPDATE SKIP LOCKED', [userId]);
      const row = rows[0];
      if (!row) return { state: (await this.pool.query('SELECT 1 FROM mailbox_sync WHERE user_id = $1', [userId])).rowCount ? 'busy' : 'gone' };
      const mailbox = fold(mailboxDecider, (await this.store.readStream(mailboxStream(userId))) as never) as Mailbox;
      if (!mailbox.connected) {
        await tx.query('DELETE FROM mailbox_sync WHERE user_id = $1', [userId]);
        return { state: 'gone' };
      }
      try {
        const copied = await this.read(tx, mailbox, row.connected_at);
        await tx.query(
          `UPDATE mailbox_sync SET state = 'pending', attempts = 0, first_failed_at = NULL, last_error = NULL, failed_at = NULL, last_attempt_at = now(),
             last_sync_at = now(), messages = messages + $2, next_attempt_at = now() + make_interval(secs => $3) WHERE user_id = $1`,
          [userId, copied, POLL_SECONDS],
        );
        return { state: 'synced', copied };
      } catch (err) {
        const problem = err instanceof MailboxProblem ? err : problemOf('IMAP', mailbox.imap, err);
        // The reason names the server and what it answered: never the address, the password or the words.
        log.warn('a mailbox sync failed', { userId, refused: problem.refused, error: problem.message });
        if (problem.refused) {
          await tx.query(
            `UPDATE mailbox_sync SET state = 'failed', attempts = attempts + 1, last_attempt_at = now(), last_error = $2, failed_at = now(), next_attempt_at = NULL WHERE user_id = $1`,
            [userId, problem.message],
          );
          return { state: 'failed', reason: problem.message, stopped: true };
        }
        const failure = await recordFailure(tx, 'mailbox_sync', 'user_id', [userId], problem);
        return { state: 'failed', reason: failure.reason, stopped: failure.permanent };
      }
    });
  }

  private async read(tx: pg.PoolClient, mailbox: Extract<Mailbox, { connected: true }>, connectedAt: Date): Promise<number> {
    const login = await this.logins.loginFor(mailbox);
    await assertReachable('IMAP', mailbox.imap, this.config.allowPrivateOutbound);
    const client = imapClient(mailbox.imap, login);
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      client.close();
      throw problemOf('IMAP', mailbox.imap, err);
    }
    try {
      const sent = (await client.list()).find((f) => f.specialUse === '\\Sent');
      const folders: Folder[] = [{ path: 'INBOX', sent: false }, ...(sent ? [{ path: sent.path, sent: true }] : [])];
      let copied = 0;
      for (const folder of folders) copied += await this.readFolder(tx, client, mailbox, folder, new Date(connectedAt.getTime() - HISTORY_DAYS * 86_400_000));
      await client.logout();
      return copied;
    } catch (err) {
      client.close();
      throw err;
    }
  }

  private async readFolder(
    tx: pg.PoolClient,
    client: ImapFlow,
    mailbox: Extract<Mailbox, { connected: true }>,
    folder: Folder,
    notBefore: Date,
  ): Promise<number> {
    const lock = await client.getMailboxLock(folder.path, { readOnly: true });
    try {
      const box = client.mailbox;
      if (!box) return 0;
      const uidValidity = String(box.uidValidity);
      const { rows } = await tx.query<{ uid_validity: string; last_uid: string }>(
        'SELECT uid_validity, last_uid FROM mailbox_folders WHERE user_id = $1 AND folder = $2',
        [mailbox.userId, folder.path],
      );
      // Another UIDVALIDITY: the server numbered the folder anew, so it is read again from its start (message ids keep each message once).
      const lastUid = rows[0] && rows[0].uid_validity === uidValidity ? Number(rows[0].last_uid) : 0;
      const headers: { uid: number; at: Date; addresses: string[] }[] = [];
      for await (const m of client.fetch(`${lastUid + 1}:*`, { uid: true, envelope: true, internalDate: true }, { uid: true })) {
        // `n:*` answers the last message even when its UID is below n.
        if (m.uid <= lastUid) continue;
        const env = m.envelope;
        const people = folder.sent ? [...(env?.to ?? []), ...(env?.cc ?? [])] : (env?.from ?? []);
        headers.push({ uid: m.uid, at: new Date(m.internalDate ?? 0), addresses: people.flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])) });
        if (headers.length >= BATCH) break;
      }
      let copied = 0;
      let checkpoint = lastUid;
      for (const h of headers.sort((a, b) => a.uid - b.uid)) {
        if (h.at >= notBefore) copied += await this.copy(client, mailbox, folder, uidValidity, h.uid, h.addresses);
        checkpoint = h.uid;
      }
      await tx.query(
        `INSERT INTO mailbox_folders (user_id, folder, uid_validity, last_uid) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, folder) DO UPDATE SET uid_validity = EXCLUDED.uid_validity, last_uid = EXCLUDED.last_uid`,
        [mailbox.userId, folder.path, uidValidity, checkpoint],
      );
      return copied;
    } finally {
      lock.release();
    }
  }

  /** One message into the thread of each of the agent's leads it was exchanged with; answers how many threads got it. */
  private async copy(
    client: ImapFlow,
    mailbox: Extract<Mailbox, { connected: true }>,
    folder: Folder,
    uidValidity: string,
    uid: number,
    addresses: readonly string[],
  ): Promise<number> {
    const own = mailbox.address.toLowerCase();
    const leads = new Map<string, string>();
    for (const address of new Set(addresses.filter((a) => a !== own))) {
      for (const c of await officeContacts(this.pool, null, mailbox.userId, address)) leads.set(c.leadId, address);
    }
    if (leads.size === 0) return 0;
    const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
    if (!message || !message.source) return 0;
    const mail = await simpleParser(message.source);
    if (mail.messageId && OURS.test(mail.messageId)) return 0;
    let copied = 0;
    for (const [leadId, address] of leads) {
      const { lead } = await loadLead(this.store, leadId);
      if (!lead.exists) continue;
      const messageId = copiedMessageId(leadId, mail.messageId, `${mailbox.userId}/${folder.path}/${uidValidity}/${uid}`);
      const ctx: CommandContext = {
        siteId: lead.siteId,
        actorId: folder.sent ? mailbox.userId : lead.userId,
        impersonatorId: null,
        correlationId: newId(),
        causationId: null,
        now: sentAt(mail.date),
      };
      const subject = subjectOf(mail);
      const body = newWordsOf(mail);
      const { events } = folder.sent
        ? await handleCommand(
            this.store,
            emailStream(leadId),
            mailCopyDecider,
            { leadId, siteId: lead.siteId, messageId, byUserId: mailbox.userId, subject, body, templateId: null },
            ctx,
          )
        : await handleCommand(
            this.store,
            emailStream(leadId),
            leadEmailDecider,
            { kind: 'receive', leadId, siteId: lead.siteId, messageId, from: addressesOf(mail.from)[0] ?? address, subject, body, attachments: [] },
            ctx,
          );
      // A lead's mail read from the agent's mailbox says as much about being e-mailed as a reply through us.
      if (!folder.sent && events.length) await actOnEmailReply(this.store, { userId: lead.userId, leadId, messageId, body });
      copied += events.length;
    }
    return copied;
  }
}
