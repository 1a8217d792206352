import type pg from 'pg';
import type { Runtime } from '../../app/runtime';
import { type Schedule, SweptReactor } from '../../app/swept-reactor';
import type { SignalName } from '../../shared/signals';
import { logger } from '../../shared/logger';
import { inTransaction } from '../../database/database';
import type { MailMessage, Mailer } from './mailer.port';

/** What becomes of an outbox row: an e-mail to send, or a state it is left in for good without one (dropped, suppressed). */
export type MailPlan = { readonly message: MailMessage } | { readonly state: string };
export type MailOutcome = 'sent' | 'failed' | 'none' | (string & {});

export type MailOutboxTable = {
  /** A plain table (never a read model: a rebuild must not empty it) with `state` ('pending' until done), `attempts` and `sent_at`. */
  readonly table: string;
  /** The row's id (derived from its event): all of a row that is ever logged (never an address or words). */
  readonly key: string;
  /** The columns `compose` reads, and the order pending rows are taken in. */
  readonly columns: string;
  readonly order: string;
  /** Text columns holding personal words, emptied once the row is done (sent, or left for good). */
  readonly clearWhenDone?: readonly string[];
  /** After this many refusals by the relay the row is given up ('failed'); unset: it stays pending. */
  readonly maxAttempts?: number;
};

/**
 * Sends one pending row of an e-mail outbox: the row is taken under its row lock (FOR UPDATE
 * SKIP LOCKED, so instances never take the same one), composed, sent through the Mailer and
 * marked sent in that one transaction. A crash before the commit leaves it pending, and it goes
 * out after restart; only a death between the relay accepting it and the commit sends it twice
 * (no SMTP relay joins our transaction). A failed relay counts an attempt and leaves it pending.
 */
export function sendOneFromMailOutbox<Row extends Record<string, unknown>>(
  pool: pg.Pool,
  mailer: Mailer,
  t: MailOutboxTable,
  compose: (row: Row) => Promise<MailPlan>,
  onFailure: (row: Row, err: Error) => void,
): Promise<MailOutcome> {
  return inTransaction(pool, async (tx): Promise<MailOutcome> => {
    const { rows } = await tx.query<Row>(`SELECT ${t.columns} FROM ${t.table} WHERE state = 'pending' ORDER BY ${t.order} LIMIT 1 FOR UPDATE SKIP LOCKED`);
    const row = rows[0];
    if (!row) return 'none';
    const key = row[t.key];
    const cleared = (t.clearWhenDone ?? []).map((c) => `, ${c} = ''`).join('');
    const plan = await compose(row);
    if ('state' in plan) {
      await tx.query(`UPDATE ${t.table} SET state = $2${cleared} WHERE ${t.key} = $1`, [key, plan.state]);
      return plan.state;
    }
    try {
      await mailer.send(plan.message);
    } catch (err) {
      const giveUp = t.maxAttempts === undefined ? '' : `, state = CASE WHEN attempts + 1 >= ${Number(t.maxAttempts)} THEN 'failed' ELSE state END`;
      await tx.query(`UPDATE ${t.table} SET attempts = attempts + 1${giveUp} WHERE ${t.key} = $1`, [key]);
      onFailure(row, err as Error);
      return 'failed';
    }
    await tx.query(`UPDATE ${t.table} SET state = 'sent', sent_at = now()${cleared} WHERE ${t.key} = $1`, [key]);
    return 'sent';
  });
}

const SWEEP_MS = 2000;

export type MailOutboxSenderOptions = {
  readonly name: string;
  readonly runtime: Pick<Runtime, 'onSignal'>;
  /** The signal of the projection that fills the outbox. */
  readonly signal: SignalName;
  readonly pool: pg.Pool;
  readonly mailer: Mailer;
  readonly table: MailOutboxTable;
};

/**
 * The sender of one e-mail outbox, a reactor: woken by its projection's signal and swept every
 * 2 s (a signal is a nudge: another instance's never arrive), it sends every pending row one at a
 * time (sendOneFromMailOutbox) until none is left or the relay fails, when the next sweep
 * retries. A subclass says how a row becomes its e-mail (`compose`).
 */
export abstract class MailOutboxSender<Row extends Record<string, unknown>> extends SweptReactor {
  private readonly log;

  constructor(private readonly outbox: MailOutboxSenderOptions) {
    super();
    this.log = logger(outbox.name);
  }

  /** The e-mail of a row, or the state it is left in without one (dropped, suppressed). */
  protected abstract compose(row: Row): Promise<MailPlan>;

  protected schedule(): Schedule {
    return { name: `${this.outbox.name} e-mails`, everyMs: SWEEP_MS, signal: { name: this.outbox.signal, runtime: this.outbox.runtime } };
  }

  protected onSweep(): Promise<number> {
    return this.sendPending();
  }

  /** Every pending row, one at a time; answers how many went out. */
  async sendPending(): Promise<number> {
    let sent = 0;
    while (!this.sweeper.isStopped) {
      const o = this.outbox;
      const outcome = await sendOneFromMailOutbox<Row>(o.pool, o.mailer, o.table, (row) => this.compose(row), (row, err) =>
        this.log.warn('an e-mail failed; it stays in the outbox', { mailId: row[o.table.key], error: err.name }),
      );
      if (outcome === 'sent') sent++;
      if (outcome === 'none' || outcome === 'failed') break;
    }
    return sent;
  }
}
