import type pg from 'pg';

/**
 * An outbox's "once": inserts the row that says this message was decided (its key the message's
 * identity, `ON CONFLICT DO NOTHING`) and, when this transaction is the one that inserted it,
 * does `send` before committing. Two senders at once: the second waits on the key, then finds it
 * taken and sends nothing. A failure (or a crash) rolls the row back and a later sweep tries
 * again; only a death between the provider taking the message and the commit sends it twice.
 * Answers whether `send` said it sent; a failure is given to `onFailure` and answers false.
 */
export async function decideOnce(
  pool: pg.Pool,
  insert: string,
  params: unknown[],
  send: (db: pg.PoolClient) => Promise<boolean>,
  onFailure: (err: Error) => void,
): Promise<boolean> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const { rowCount } = await db.query(insert, params);
    const sent = rowCount ? await send(db) : false;
    await db.query('COMMIT');
    return sent;
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    onFailure(err as Error);
    return false;
  } finally {
    db.release();
  }
}
