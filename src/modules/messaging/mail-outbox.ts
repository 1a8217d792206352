import type pg from 'pg';
import { type Schedule, SweptReactor } from '../../runtime/swept-reactor';
import type { SignalName } from '../../shared/signals';
import { logger } from '../../shared/logger';
import { inTransaction } from '../../database/database';
import { type MailMessage, MailHeldBack } from './mailer.port';
import type { OutboxKit } from './outbox-kit';
import type { TextMessage } from './sms/sms.port';
import { recordFailure, RETRY_DUE } from './outbox-retry';
import type { SendFailure } from './retry-policy';

/** What becomes of an outbox row: a message to send, or a state it is left in for good without one (dropped, suppressed, off). */
export type OutboxPlan<M> = { readonly message: M } | { readonly state: string };
export type MailPlan = OutboxPlan<MailMessage>;
/** 'refused': the provider refused that message for good (the row is given up; the provider itself works). */
/** What a delivery answers when the provider said the address is gone for good (a push subscription): the row is left in that state, not failed. */
export type LeftIn = { readonly leftIn: string };
export type OutboxOutcome = 'sent' | 'failed' | 'refused' | 'none' | (string & {});

/**
 * The plain tables a reactor's folder owns (its outbox, its queue): only code in that folder
 * writes them (the architecture test's SQL wall); others may read them (failed messages, views).
 */
export type ReactorOutbox = { readonly outboxTables: readonly string[] };

export type OutboxTable = {
  /** A plain table (never a read model: a rebuild must not empty it) with `state` ('pending' until done), `attempts`, `sent_at` and the retry policy's columns. */
  readonly table: string;
  /** The row's id (derived from its event): all of a row that is ever logged (never an address or words). */
  readonly key: string;
  /** The columns `compose` reads, and the order pending rows are taken in. */
  readonly columns: string;
  readonly order: string;
  /** Which of the table's rows this sender takes (a condition on its columns, no parameters), when the table holds rows of other senders too. */
  readonly where?: string;
  /** The column naming the lead a row's e-mail is for, if any: an e-mail held back says so on that lead's timeline, once per row. */
  readonly lead?: string;
  /** The state of a row whose e-mail the mail path held back (its address bounced or complained): 'suppressed' unless said. */
  readonly heldState?: string;
  /** Text columns holding personal words, emptied once the row is done (sent, or left for good). */
  readonly clearWhenDone?: readonly string[];
};

/**
 * Sends one pending row of an outbox: the row is taken under its row lock (FOR UPDATE SKIP
 * LOCKED, so instances never take the same one), composed, handed to the provider (`deliver`:
 * the Mailer, the SMS port) and marked sent in that one transaction. A crash before the commit
 * leaves it pending, and it goes out after restart; only a death between the provider accepting
 * it and the commit sends it twice (no provider joins our transaction). A failed try is recorded
 * under the retry policy (recordFailure): the row waits for its next try, or is given up with its
 * reason when the refusal is permanent or it has failed for a day. An e-mail the mail path held back
 * (a bounced or complaining address) leaves the row in its held state.
 */
export function sendOneFromOutbox<Row extends Record<string, unknown>, M>(
  pool: pg.Pool,
  deliver: (message: M, key: string, row: Row, tx: pg.PoolClient) => Promise<unknown>,
  t: OutboxTable,
  compose: (row: Row) => Promise<OutboxPlan<M>>,
  onFailure: (row: Row, err: Error, failure: SendFailure) => void,
): Promise<OutboxOutcome> {
  return inTransaction(pool, async (tx): Promise<OutboxOutcome> => {
    const where = t.where ? ` AND (${t.where})` : '';
    const { rows } = await tx.query<Row>(
      `SELECT ${t.columns} FROM ${t.table} WHERE state = 'pending' AND ${RETRY_DUE}${where} ORDER BY ${t.order} LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    const row = rows[0];
    if (!row) return 'none';
    const key = row[t.key];
    const cleared = (t.clearWhenDone ?? []).map((c) => `, ${c} = ''`).join('');
    const plan = await compose(row);
    if ('state' in plan) {
      await tx.query(`UPDATE ${t.table} SET state = $2${cleared} WHERE ${t.key} = $1`, [key, plan.state]);
      return plan.state;
    }
    let delivered: unknown;
    try {
      delivered = await deliver(plan.message, String(key), row, tx);
    } catch (err) {
      if (err instanceof MailHeldBack) {
        const held = t.heldState ?? 'suppressed';
        await tx.query(`UPDATE ${t.table} SET state = $2${cleared} WHERE ${t.key} = $1`, [key, held]);
        return held;
      }
      const failure = await recordFailure(tx, t.table, t.key, [String(key)], err);
      onFailure(row, err as Error, failure);
      return failure.permanent ? 'refused' : 'failed';
    }
    const leftIn = (delivered as Partial<LeftIn> | undefined)?.leftIn;
    if (leftIn) {
      await tx.query(`UPDATE ${t.table} SET state = $2, last_attempt_at = now()${cleared} WHERE ${t.key} = $1`, [key, leftIn]);
      return leftIn;
    }
    await tx.query(`UPDATE ${t.table} SET state = 'sent', sent_at = now(), last_attempt_at = now()${cleared} WHERE ${t.key} = $1`, [key]);
    return 'sent';
  });
}

const SWEEP_MS = 2000;

/** One sender's outbox: its name in the log and in Message-IDs, the signal of its queue, its table, and how many rows go at once. */
export type OutboxSenderOptions = {
  readonly name: string;
  /** The signal of the projection that fills the outbox; none when a request fills it (the sweep alone finds its rows). */
  readonly signal?: SignalName;
  readonly table: OutboxTable;
  /** Rows sent at once (each by its own row lock and transaction, as two instances would): 1 unless a burst must go out fast. */
  readonly concurrency?: number;
};

type Delivery<M> = {
  /** What the log calls the messages ('e-mails', 'texts'). */
  readonly what: string;
  /**
   * Hands a message to its provider (`key`: its row's id, the same on every retry), or to another
   * outbox in `tx`, the row's own transaction (kept or lost with the row's state).
   */
  readonly deliver: (message: M, key: string, row: Record<string, unknown>, tx: pg.PoolClient) => Promise<unknown>;
};

/**
 * The sender of one outbox, a reactor, and the one claim-and-send loop of every outbox: woken by
 * its projection's signal and swept every 2 s (a signal is a nudge: another instance's never
 * arrive), it sends every pending row that is due one at a time (sendOneFromOutbox) until none is
 * left or the provider fails (the relay is likely down for the others too); a failed row waits as
 * the retry policy says. A subclass says how a row becomes its message (`compose`), reading what
 * it needs through `kit`.
 */
export abstract class OutboxSender<Row extends Record<string, unknown>, M> extends SweptReactor {
  private readonly log;

  constructor(
    protected readonly kit: OutboxKit,
    private readonly outbox: OutboxSenderOptions & Delivery<M>,
  ) {
    super();
    this.log = logger(outbox.name);
  }

  /** The message of a row, or the state it is left in without one (dropped, suppressed, off). */
  protected abstract compose(row: Row): Promise<OutboxPlan<M>>;

  protected schedule(): Schedule {
    const { name, what, signal } = this.outbox;
    return { name: `${name} ${what}`, everyMs: SWEEP_MS, ...(signal ? { signal: { name: signal, runtime: this.kit.runtime } } : {}) };
  }

  protected onSweep(): Promise<number> {
    return this.sendPending();
  }

  /** Every pending row, `concurrency` at a time (each worker one row after another); answers how many went out. */
  async sendPending(): Promise<number> {
    const o = this.outbox;
    const worker = async (): Promise<number> => {
      let sent = 0;
      while (!this.sweeper.isStopped) {
        const outcome = await sendOneFromOutbox<Row, M>(
          this.kit.pool,
          o.deliver,
          o.table,
          (row) => this.compose(row),
          (row, err, f) =>
            this.log.warn(f.permanent ? 'a message was refused for good' : 'a message failed; it is tried again later', {
              messageId: row[o.table.key],
              error: err.name,
            }),
        );
        if (outcome === 'sent') sent++;
        // A refusal of one message says nothing of the others; a failure likely holds for them all.
        if (outcome === 'none' || outcome === 'failed') break;
      }
      return sent;
    };
    const counts = await Promise.all(Array.from({ length: Math.max(1, o.concurrency ?? 1) }, worker));
    return counts.reduce((a, b) => a + b, 0);
  }
}

/** An outbox of e-mails, sent through the Mailer, each with a Message-ID from its row's id (a retry repeats it) and its lead, if the table names one. */
export abstract class MailOutboxSender<Row extends Record<string, unknown>> extends OutboxSender<Row, MailMessage> {
  constructor(kit: OutboxKit, o: OutboxSenderOptions) {
    super(kit, {
      ...o,
      what: 'e-mails',
      deliver: (m, key, row) => {
        const leadId = o.table.lead ? row[o.table.lead] : null;
        const lead = m.lead ?? (typeof leadId === 'string' ? { leadId, messageId: key } : undefined);
        return kit.mailer.send({ ...m, messageKey: m.messageKey ?? `${o.name}.${key}`, ...(lead ? { lead } : {}) });
      },
    });
  }
}

/** An outbox of texts, sent through the SMS port (consent is the caller's, as for every text). */
export abstract class TextOutboxSender<Row extends Record<string, unknown>> extends OutboxSender<Row, TextMessage> {
  constructor(kit: OutboxKit, o: OutboxSenderOptions) {
    super(kit, { ...o, what: 'texts', deliver: (m) => kit.sms.send(m) });
  }
}
