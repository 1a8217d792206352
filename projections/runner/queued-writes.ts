import pg from 'pg';
import { prepareValue } from 'pg/lib/utils';

/**
 * A projection's writes whose answer it does not read (ProjectionContext.write), sent many to a
 * round trip: a batch of imported leads is thousands of one-row statements per read model, and
 * one round trip each, on a loaded machine, was most of its catch-up. They are sent in the order
 * written, before any statement of the batch that reads (`tx` sends them first) and before the
 * batch ends, so the projection reads what it wrote and the batch commits all of them or none.
 */
export class QueuedWrites {
  private queued: string[] = [];
  /** The batch's transaction: its statements go after the queued writes. */
  readonly tx: pg.PoolClient;

  constructor(private readonly client: pg.PoolClient) {
    this.tx = new Proxy(client, {
      get: (target, prop) => {
        if (prop === 'query') return this.queryAfterWrites;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  write = (sql: string, params: readonly unknown[] = []): void => {
    this.queued.push(inline(sql, params));
  };

  /** Sends what is queued, in few round trips (one per MAX_CHARS of statements). */
  async flush(): Promise<void> {
    while (this.queued.length > 0) await this.client.query(this.nextPart());
  }

  /** The queued statements up to MAX_CHARS (at least one), taken off the queue, as one text. */
  private nextPart(): string {
    return this.queued.splice(0, partLength(this.queued, 0)).join(';\n');
  }

  /**
   * A statement after queued writes goes in the same round trip as the last of them (its
   * parameters written in like theirs), and answers its own result: a read per imported lead
   * (the row an assignment moves) is then one round trip, not two.
   */
  private readonly queryAfterWrites = (...args: unknown[]): unknown => {
    const query = this.client.query.bind(this.client) as (...a: unknown[]) => unknown;
    if (this.queued.length === 0) return query(...args);
    const [sql, params] = args;
    if (typeof sql !== 'string' || args.length > 2 || (params !== undefined && !Array.isArray(params)))
      throw new Error('Only a statement with an array of parameters may follow queued writes');
    const statement = inline(sql, params ?? []);
    return (async () => {
      while (this.queued.length > 0) {
        const part = this.nextPart();
        if (this.queued.length > 0) await this.client.query(part);
        else {
          const results = (await this.client.query(`${part};\n${statement}`)) as unknown as pg.QueryResult[];
          return results.at(-1);
        }
      }
    })();
  };
}

/**
 * These statements sent many to a round trip (their parameters written in, as queued writes are),
 * on a connection with no writes queued, answering how many rows they inserted, updated or deleted
 * in all: an outbox's sender is woken only when a batch queued something new.
 */
export async function sendCounting(tx: Pick<pg.ClientBase, 'query'>, statements: readonly { sql: string; values: readonly unknown[] }[]): Promise<number> {
  let changed = 0;
  const texts = statements.map((st) => inline(st.sql, st.values));
  for (let i = 0; i < texts.length;) {
    const n = partLength(texts, i);
    const results = (await tx.query(texts.slice(i, i + n).join(';\n'))) as unknown as pg.QueryResult | pg.QueryResult[];
    for (const r of Array.isArray(results) ? results : [results]) changed += r.rowCount ?? 0;
    i += n;
  }
  return changed;
}

/** Characters of statements per round trip: a few hundred rows' worth, a bounded message. */
const MAX_CHARS = 512 * 1024;

/** How many statements from `from` on go in one message: up to MAX_CHARS of them, at least one. */
function partLength(texts: readonly string[], from: number): number {
  let chars = 0;
  let n = 0;
  while (from + n < texts.length && (n === 0 || chars + texts[from + n]!.length <= MAX_CHARS)) chars += texts[from + n++]!.length;
  return n;
}

/**
 * The statement with its parameters written in as literals, in the text pg sends for them
 * (prepareValue), so that PostgreSQL types each from its place as it types a parameter. A
 * statement with several parameters in one message must be simple-protocol text: the extended
 * protocol takes one statement per message.
 */
function inline(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i >= params.length) throw new Error(`Parameter $${n} of a queued write has no value`);
    const text = prepareValue(params[i]);
    if (text === null) return 'NULL';
    return pg.escapeLiteral(Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : text);
  });
}
