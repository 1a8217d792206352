import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type { ServerToClientEvents } from '../../../src/contract/server-events';

export type PushName = keyof ServerToClientEvents;
export type Push = { readonly name: PushName; readonly payload: Record<string, unknown> };

/**
 * The socket.io connection of a signed-in page (same origin: the session cookie goes with the
 * handshake). socket.io-client is loaded only by the pages that use it. `onConnect` runs on
 * every (re)connection with whether it was a reconnection, so the page can ask for what it
 * missed, and as a reconnection on `feed.resync`; `enabled` false keeps it closed.
 */
export function useRealtime(names: readonly PushName[], onPush: (p: Push) => void, onConnect: (reconnected: boolean) => void, enabled = true): { connected: boolean } {
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ onPush, onConnect });
  handlers.current = { onPush, onConnect };
  const key = names.join(',');

  useEffect(() => {
    if (!enabled) return;
    let socket: Socket | undefined;
    let live = true;
    let connections = 0;
    void import('socket.io-client').then(({ io }) => {
      if (!live) return;
      // WebSocket only: its handshake always carries Origin, which the server checks (a same-origin
      // polling GET would carry none and be refused).
      socket = io({ transports: ['websocket'], withCredentials: true, reconnectionDelayMax: 5000 });
      socket.on('connect', () => {
        setConnected(true);
        handlers.current.onConnect(connections++ > 0);
      });
      socket.on('disconnect', () => setConnected(false));
      // Another instance took over a read model and pushes may have been lost with its holder: catch up as after a reconnection.
      socket.on('feed.resync', () => handlers.current.onConnect(true));
      for (const name of key.split(',') as PushName[]) {
        socket.on(name as string, (payload: Record<string, unknown>) => handlers.current.onPush({ name, payload }));
      }
    });
    return () => {
      live = false;
      socket?.close();
    };
  }, [key, enabled]);

  return { connected };
}
