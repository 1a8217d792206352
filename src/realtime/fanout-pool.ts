import type pg from 'pg';

/**
 * What the socket.io postgres adapter is given for a pool: the fan-out pool, with the adapter's
 * LISTEN connection looked after. The adapter holds that connection checked out for good and,
 * when it ends, takes a new one without giving the old one back: the pool would count the dead
 * one as in use forever (three outages and no connection would be left). Its connection is
 * dropped from the pool when it ends, and only the newest one stays (a LISTEN that failed makes
 * the adapter reconnect twice, and two live connections would deliver every message twice).
 * `onRelistened` is called once a new connection has its first LISTEN in place, after the first
 * one: messages sent meanwhile were missed.
 */
export function fanoutPool(pool: pg.Pool, onRelistened: () => void): pg.Pool {
  let current: pg.PoolClient | undefined;
  let connections = 0;
  const drop = (client: pg.PoolClient) => {
    try {
      client.release(true);
    } catch {
      // Given back already.
    }
  };
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    const previous = current;
    current = client;
    if (previous) {
      previous.removeAllListeners('end');
      previous.removeAllListeners('notification');
      drop(previous);
    }
    client.once('end', () => {
      if (current === client) current = undefined;
      drop(client);
    });
    if (connections++ > 0) {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      let told = false;
      (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
        const result = query(...args);
        if (!told) {
          told = true;
          result.then(onRelistened, () => undefined);
        }
        return result;
      };
    }
    return client;
  };
  return { connect, query: pool.query.bind(pool) } as unknown as pg.Pool;
}
