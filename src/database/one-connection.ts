import type pg from 'pg';

/** An error of the statement (it has an SQLSTATE) leaves the connection usable; anything else may not have. */
const statementError = (err: unknown): boolean => typeof (err as { code?: unknown })?.code === 'string' && (err as { code: string }).code.length === 5;

/**
 * Queries that run one after another on one connection of `pool`, taken at the first query and
 * given back by release(). A visitor's search goes through one, so that however much it asks at
 * once it keeps one PostgreSQL process busy, not one per statement. Its statements belong
 * together: once one has failed (say, cancelled at the statement timeout), those still waiting
 * fail with the same error without being sent, and the connection is free at once.
 */
export class OneConnection {
  private client: Promise<pg.PoolClient> | undefined;
  /** Settles when the last query sent has. */
  private tail: Promise<unknown> = Promise.resolve();
  private failed: unknown;
  private broken: Error | undefined;
  private released = false;

  constructor(private readonly pool: pg.Pool) {}

  /** pg's query (text and values, or a query config), on this connection. */
  readonly query = ((...args: unknown[]) => {
    // Nothing is sent after release(); a straggler goes to the pool as any query would.
    if (this.released) return (this.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    const previous = this.tail;
    const result = (async () => {
      await previous.catch(() => undefined);
      if (this.failed !== undefined) throw this.failed;
      const client = await (this.client ??= this.pool.connect());
      try {
        return await (client.query as (...a: unknown[]) => Promise<unknown>).apply(client, args);
      } catch (err) {
        this.failed = err;
        if (!statementError(err)) this.broken = err as Error;
        throw err;
      }
    })();
    this.tail = result.catch(() => undefined);
    return result;
  }) as unknown as pg.Pool['query'];

  /** Gives the connection back (destroyed if it failed) once what was sent has settled; at once if nothing was. */
  release(): void {
    if (this.released) return;
    this.released = true;
    const client = this.client;
    if (!client) return;
    this.failed ??= new Error('The search is over');
    void this.tail
      .then(() => client)
      .then(
        (c) => c.release(this.broken),
        () => undefined,
      );
  }
}
