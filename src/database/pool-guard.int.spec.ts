import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-database';
import { DatabaseUnavailableError, isConnectionError } from './connection-errors';
import { createPool } from './database';

/** A TCP hop to the real server that can refuse (cut each connection at once), hang (say nothing) or pass. */
class Hop {
  mode: 'pass' | 'cut' | 'hang' = 'pass';
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;
  constructor(target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => undefined);
      if (this.mode === 'cut') return void client.destroy();
      if (this.mode === 'hang') return;
      const upstream = net.connect(target);
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
  }
  listen(): Promise<number> {
    return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve((this.server.address() as net.AddressInfo).port)));
  }
  /** Cuts every connection made through it. */
  dropAll(): void {
    for (const s of this.sockets) s.destroy();
  }
  close(): Promise<void> {
    this.dropAll();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('a pool while its database is away', () => {
  let db: TestDatabase;
  let hop: Hop;
  let url: string;

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false, poolSize: 1 });
    const target = new URL(db.url);
    hop = new Hop({ host: target.hostname, port: Number(target.port) });
    target.port = String(await hop.listen());
    url = target.toString();
  });
  afterAll(async () => {
    await hop?.close();
    await db?.drop();
  });

  it('refuses at once while one attempt is under way, and serves again as soon as one gets through', async () => {
    const pool = createPool(url, 4);
    try {
      expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
      // Its connections lost, and new ones cut: the database is away.
      hop.mode = 'cut';
      hop.dropAll();
      await new Promise((r) => setTimeout(r, 100));
      const first = await pool.query('SELECT 1').catch((e: Error) => e);
      expect(isConnectionError(first)).toBe(true);
      // The next attempt hangs (a silent network): while it tries, every other query fails at once.
      hop.mode = 'hang';
      const probe = pool.query('SELECT 1').catch((e: Error) => e);
      const refused = await Promise.all([pool.query('SELECT 1'), pool.query('SELECT 2')].map((q) => q.catch((e: Error) => e)));
      expect(refused.every((e) => e instanceof DatabaseUnavailableError)).toBe(true);
      expect(await probe).toBeInstanceOf(Error);
      // Back: the first query through opens the way for all.
      hop.mode = 'pass';
      expect((await pool.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
      const all = await Promise.all([1, 2, 3].map((n) => pool.query<{ n: number }>('SELECT $1::int AS n', [n])));
      expect(all.map((r) => r.rows[0]!.n)).toEqual([1, 2, 3]);
    } finally {
      await pool.end();
    }
  }, 60_000);
});
