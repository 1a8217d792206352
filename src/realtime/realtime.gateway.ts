import { Inject, type OnApplicationShutdown, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import type { Server, Socket } from 'socket.io';
import type { Runtime } from '../runtime/runtime';
import { CONFIG, RUNTIME } from '../runtime/tokens';
import type { Config } from '../config/config';
import { createPool } from '../database/database';
import { isSameHost, parseCookies, SESSION_COOKIE, SessionEvents, SessionStore } from '../modules/accounts';
import { requestHostHeader } from '../modules/sites';
import { encodePosition } from '../contract/position';
import { requestIdOf } from '../http/request-log';
import { fanoutPool } from './fanout-pool';
import { roomsFor, type SocketUser } from './rooms';
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from '../contract/server-events';
import type { PushWithPosition } from '../../projections/runner';

type SocketData = { user: SocketUser };

/** How long the projections taken over at once (each stand-by retries on its own clock) are gathered into one feed.resync. */
const RESYNC_GATHER_MS = 250;

/**
 * The socket.io endpoint. The handshake is authenticated by the session cookie and refused
 * unless its Origin is the host it was sent to (contract section 7). Each socket joins
 * user:<id>, staff (level 25) and office:<officeId> (brokers and their agents). Pushes come from
 * projections after their batch commits; the gateway only routes them to rooms. When a user's
 * sessions end (sign-out, password change) their sockets are closed.
 */
@WebSocketGateway({ cors: false, serveClient: false })
export class RealtimeGateway implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown, OnGatewayInit, OnGatewayConnection {
  @WebSocketServer() server!: Server<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>;
  private stopListening: (() => void) | undefined;
  private fanoutPool: pg.Pool | undefined;
  private resyncTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(SessionEvents) private readonly sessionEvents: SessionEvents,
  ) {}

  onModuleInit(): void {
    this.runtime.onPushes((pushes) => {
      for (const p of pushes) if (p.to.length > 0) this.emitPush(p);
    });
    // The holder of a projection that went away may have committed a batch and died before its
    // pushes left: every socket (of every instance, through the fan-out) asks feed/since, which
    // answers from where those pushes begin (the checkpoint row keeps it: migration 25), whatever
    // newer pushes a socket has seen since. The projections taken over together make one message.
    this.runtime.onTakeover(() => {
      this.resyncTimer ??= setTimeout(() => {
        this.resyncTimer = undefined;
        this.server?.emit('feed.resync', { at: new Date().toISOString() });
      }, RESYNC_GATHER_MS);
    });
    this.stopListening = this.sessionEvents.onUserSessionsEnded((userId) => {
      this.server?.in([`user:${userId}`, `impersonator:${userId}`]).disconnectSockets(true);
    });
  }

  /**
   * For pushes that come from no projection (the progress of a rebuild): straight to the rooms,
   * without a log position.
   */
  emitTo<K extends ServerEventName>(rooms: readonly string[], name: K, ...payload: Parameters<ServerToClientEvents[K]>): void {
    this.server?.to([...rooms]).emit(name, ...payload);
  }

  /** A projection's push, with the log position of its batch (the payload the socket map names). */
  private emitPush<K extends ServerEventName>(p: PushWithPosition & { readonly name: K; readonly payload: ServerEventPayload<K> }): void {
    // The map's payload is exactly the projection's plus its position; TypeScript cannot see
    // through Omit on a generic key, hence this one assertion.
    const payload = { ...p.payload, position: encodePosition(p.position) } as Parameters<ServerToClientEvents[K]>[0];
    this.emitTo(p.to, p.name, ...([payload] as Parameters<ServerToClientEvents[K]>));
  }

  onModuleDestroy(): void {
    clearTimeout(this.resyncTimer);
    this.stopListening?.();
  }

  /**
   * After the socket.io server closed (Nest closes it between the destroy and the shutdown hooks):
   * the adapter holds a LISTEN connection of this pool until it is closed, so ending the pool any
   * earlier waits for it forever.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.fanoutPool?.end().catch(() => undefined);
  }

  afterInit(server: Server): void {
    // Across instances a projection runs in one process only, so its pushes (and sign-out's
    // socket closing) must reach sockets held by the others: PostgreSQL NOTIFY carries them.
    if (this.config.realtimeFanout === 'postgres') {
      // The adapter sends each push's NOTIFY before it emits to this instance's own sockets, so
      // it has connections of its own: on the shared pool a push waited behind requests (and
      // with the pool busy, every socket of every instance waited).
      this.fanoutPool = createPool(this.runtime.db.url, 3, { name: 'fanout' });
      // Its LISTEN connection lost (the database restarted, or dropped it), the other instances'
      // pushes of the meanwhile never arrived here: this instance's sockets ask feed/since.
      const pool = fanoutPool(this.fanoutPool, () => this.server?.local.emit('feed.resync', { at: new Date().toISOString() }));
      server.adapter(createAdapter(pool, { tableName: 'socket_io_attachments', errorHandler: () => undefined }));
    }
    // Long-polling answers come from engine.io, not Express: they too must not be sniffed, and carry their id.
    server.engine.on('headers', (headers: Record<string, string>, req: IncomingMessage) => {
      headers['X-Content-Type-Options'] = 'nosniff';
      headers['X-Request-Id'] = requestIdOf(req.headers);
    });
    server.use((socket, next) => {
      void this.authenticate(socket).then(
        (user) => {
          if (typeof user === 'string') return next(new Error(user));
          socket.data.user = user;
          next();
        },
        () => next(new Error('Sign-in could not be checked')),
      );
    });
  }

  private async authenticate(socket: Socket): Promise<SocketUser | string> {
    const headers = socket.request.headers;
    const origin = headers.origin;
    if (!origin || !isSameHost(origin, requestHostHeader(headers, this.config.trustProxy))) return 'Cross-site connection refused';
    const session = await this.sessions.find(parseCookies(headers.cookie)[SESSION_COOKIE]);
    if (!session) return 'Please sign in';
    return { id: session.userId, level: session.securityLevel, officeId: session.officeId, impersonatorId: session.impersonatorId };
  }

  handleConnection(socket: Socket<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketData>): void {
    const user = socket.data.user;
    if (!user) {
      socket.disconnect(true);
      return;
    }
    void socket.join(roomsFor(user));
    socket.emit('hello', { at: new Date().toISOString(), userId: user.id });
  }
}
