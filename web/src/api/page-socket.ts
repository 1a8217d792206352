import type { Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../../src/contract/server-events';

export type PageSocket = Socket<ServerToClientEvents>;

let socket: Promise<PageSocket> | undefined;
let holders = 0;
let closing: ReturnType<typeof setTimeout> | undefined;
/** A tab or view that replaces another lets go of the socket just before it takes it again: keep it open meanwhile. */
const LINGER_MS = 2000;

/**
 * The page's one socket.io connection, shared by every component that listens (same origin: the
 * session cookie goes with the handshake). socket.io-client is loaded only by pages that use
 * it; the connection closes shortly after the last holder lets go.
 */
export function holdPageSocket(): Promise<PageSocket> {
  holders++;
  clearTimeout(closing);
  socket ??= import('socket.io-client').then(
    // WebSocket only: its handshake always carries Origin, which the server checks (a same-origin
    // polling GET would carry none and be refused).
    ({ io }) => io({ transports: ['websocket'], withCredentials: true, reconnectionDelayMax: 5000 }) as PageSocket,
  );
  return socket;
}

export function releasePageSocket(): void {
  if (--holders > 0) return;
  closing = setTimeout(() => {
    const last = socket;
    socket = undefined;
    void last?.then((s) => s.close());
  }, LINGER_MS);
}
