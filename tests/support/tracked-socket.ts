import { io, type Socket } from 'socket.io-client';
import { comparePositions } from '../../src/contract/position';
import { expect } from 'vitest';
import { demoUser, PASSWORD } from './dashboard-fixture';
import { WebClient } from './web-client';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One dashboard socket as the web app holds it: live pushes, and feed/since after each reconnection, deduplicated by what makes a push the same push. */
export type Tracked = {
  readonly socket: Socket;
  readonly user: string;
  /** Times each push (by key) was handled, live or caught up. */
  readonly handled: Map<string, number>;
  /** Live deliveries by key (a second one would be the server doubling a push). */
  readonly live: Map<string, number>;
  position: string | null;
  connections: number;
  disconnectedAt: number | null;
  reconnectMs: number[];
  caughtUp: number;
  /** feed.resync messages (a survivor took a read model over). */
  resyncs: number;
  /** Catch-ups asked and not yet answered. */
  catchingUp: number;
  /** Feed reloads after a catch-up answered reset (see track). */
  reloads: number;
  /** Catch-up answers that overlapped pushes already handled live (dropped by key, as the web app's ledger does). */
  overlap: number;
  errors: string[];
};

const keyOf = (name: string, p: Record<string, any>) => (name === 'lead.captured' ? `captured:${p.leadId}` : `thread:${p.item?.id}`);

/**
 * Connects a dashboard socket through `url` with the session's cookie and follows it: pushes,
 * reconnections, feed.resync, and the catch-ups (feed/since) each one asks, retried up to
 * `catchUpAttempts` times a quarter second apart. A `reset` answer (more was missed than
 * feed/since gives) is an error, unless `reloadOnReset`: then the socket reloads the feed as the
 * web app does, and what the feed lists counts as caught up.
 */
export function track(url: string, session: { user: string; client: WebClient }, opts: { catchUpAttempts?: number; reloadOnReset?: boolean } = {}): Tracked {
  const cookie = session.client.cookieHeader();
  const socket = io(url, {
    transports: ['websocket'],
    extraHeaders: { origin: url, cookie },
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 1000,
    timeout: 20_000,
  });
  const t: Tracked = {
    socket,
    user: session.user,
    handled: new Map(),
    live: new Map(),
    position: null,
    connections: 0,
    disconnectedAt: null,
    reconnectMs: [],
    caughtUp: 0,
    resyncs: 0,
    reloads: 0,
    catchingUp: 0,
    overlap: 0,
    errors: [],
  };
  const handle = (name: string, p: Record<string, any>, live: boolean) => {
    const key = keyOf(name, p);
    if (live) t.live.set(key, (t.live.get(key) ?? 0) + 1);
    if (typeof p.position === 'string' && (!t.position || comparePositions(p.position, t.position) > 0)) t.position = p.position;
    if (t.handled.has(key)) {
      if (!live) t.overlap++;
      return;
    }
    t.handled.set(key, 1);
  };
  socket.on('lead.captured', (p: Record<string, any>) => handle('lead.captured', p, true));
  socket.on('disconnect', () => (t.disconnectedAt = Date.now()));
  // What it missed while away, as the dashboard asks (position of the last push it saw).
  const catchUp = () => {
    // From the position of now, also when retried: pushes handled meanwhile move t.position past what this catch-up is for.
    const since = t.position;
    const reload = async () => {
      t.reloads++;
      for (let page = 1; ; page++) {
        const r = await session.client.get(`/api/dashboard/feed?page=${page}&perpage=100`);
        if (r.status !== 200) throw new Error(`feed answered ${r.status}`);
        if (page === 1 && (!t.position || comparePositions(r.body.position, t.position) > 0)) t.position = r.body.position;
        for (const lead of r.body.leads as { leadId: string }[]) handle('lead.captured', { leadId: lead.leadId }, false);
        if (r.body.leads.length < 100) return;
      }
    };
    const ask = async () => {
      if (!since) return;
      const r = await session.client.get(`/api/dashboard/feed/since?position=${since}`);
      if (r.status !== 200) throw new Error(`feed/since answered ${r.status}`);
      if (r.body.reset && opts.reloadOnReset) return reload();
      if (r.body.reset) throw new Error('feed/since answered reset');
      for (const e of r.body.events as { name: string; payload: Record<string, any> }[]) if (e.name === 'lead.captured') handle(e.name, e.payload, false);
      if (!t.position || comparePositions(r.body.position, t.position) > 0) t.position = r.body.position;
    };
    t.catchingUp++;
    void (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await ask();
          t.caughtUp++;
          return;
        } catch (err) {
          if (attempt >= (opts.catchUpAttempts ?? 20)) return void t.errors.push(`catch-up: ${(err as Error).message}`);
          await sleep(250);
        }
      }
    })().finally(() => t.catchingUp--);
  };
  socket.on('connect', () => {
    if (t.connections++ === 0) {
      // As the web app does: the feed it loads first gives the position a later catch-up asks from
      // (without one, a catch-up before any push would have nothing to ask from).
      void session.client.get('/api/dashboard/feed?page=1&perpage=1').then((r) => {
        if (r.status === 200 && typeof r.body.position === 'string' && !t.position) t.position = r.body.position;
      });
      return;
    }
    if (t.disconnectedAt !== null) t.reconnectMs.push(Date.now() - t.disconnectedAt);
    catchUp();
  });
  // A survivor took a read model over: its dead holder's last pushes may never have left.
  socket.on('feed.resync', () => {
    t.resyncs++;
    catchUp();
  });
  return t;
}

export async function until(fn: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * `count` signed-in dashboard sessions through `url`, taking the agent, the broker and staff in
 * turn, each from its own address of `subnet` (so that the sticky hash spreads their sockets over
 * the instances and the sign-in limits count them apart).
 */
export async function demoSessions(url: string, count: number, subnet: string): Promise<{ user: string; client: WebClient }[]> {
  const users = ['agent', 'broker', 'staff'].map((k) => demoUser(k));
  const sessions: { user: string; client: WebClient }[] = [];
  for (let i = 0; i < count; i++) {
    const u = users[i % users.length]!;
    const client = WebClient.for(url, 'localhost');
    const r = await client.post('/api/account/login', { Email: u.email, password: PASSWORD }, { headers: { 'x-forwarded-for': `${subnet}.${i + 1}` } });
    expect(r.body?.isSuccess).toBe(true);
    sessions.push({ user: u.key, client });
  }
  return sessions;
}
