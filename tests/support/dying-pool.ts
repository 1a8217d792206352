import type pg from 'pg';

/**
 * The pool of a process that dies at one moment: every client it hands out rejects each statement
 * containing `at` ("the process died") and runs all else as the real pool does. For a crash
 * between a provider taking a message and the commit that records it.
 */
export function poolDyingAt(pool: pg.Pool, at: string): pg.Pool {
  return new Proxy(pool, {
    get(target, prop) {
      if (prop !== 'connect') return Reflect.get(target, prop, target);
      // pg's own pool.query checks out with a callback: that path is left as it is.
      return async (...callback: unknown[]) => {
        if (callback.length) return (target.connect as (...a: unknown[]) => unknown).apply(target, callback);
        const client = await target.connect();
        return new Proxy(client, {
          get(c, p) {
            if (p !== 'query') return Reflect.get(c, p, c);
            return (sql: unknown, ...rest: unknown[]) =>
              typeof sql === 'string' && sql.includes(at)
                ? Promise.reject(new Error('the process died'))
                : (c.query as (...args: unknown[]) => unknown).apply(c, [sql, ...rest]);
          },
        });
      };
    },
  });
}
