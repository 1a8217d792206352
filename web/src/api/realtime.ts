import { useEffect, useRef, useState } from 'react';
import type { ServerToClientEvents } from '../../../src/contract/server-events';
import { holdPageSocket, type PageSocket, releasePageSocket } from './page-socket';

export type PushName = keyof ServerToClientEvents;
/** What the server pushes as `K`, typed from the socket event map the server emits by. */
export type PushPayload<K extends PushName> = Parameters<ServerToClientEvents[K]>[0];
export type Push = { readonly name: PushName; readonly payload: Record<string, unknown> };

type Listener = (payload: never) => void;
type Hearing = { readonly enabled?: boolean; readonly onConnect?: (reconnected: boolean) => void };

/**
 * Listens on the page's one socket. `useRealtime('lead.stage', (p) => ...)` hears one push with
 * its payload typed; `useRealtime(names, onPush, onConnect, enabled)` hears several as `Push`es.
 * `onConnect` runs on every (re)connection with whether it was a reconnection, so the page can
 * ask for what it missed (also as a reconnection on `feed.resync`). `enabled` false: not listening.
 */
export function useRealtime<K extends PushName>(event: K, handler: (payload: PushPayload<K>) => void, opts?: Hearing): { connected: boolean };
export function useRealtime(
  names: readonly PushName[],
  onPush: (p: Push) => void,
  onConnect: (reconnected: boolean) => void,
  enabled?: boolean,
): { connected: boolean };
export function useRealtime(
  what: PushName | readonly PushName[],
  onPush: ((payload: never) => void) | ((p: Push) => void),
  third?: Hearing | ((reconnected: boolean) => void),
  fourth = true,
): { connected: boolean } {
  const many = typeof what !== 'string';
  const hearing: Hearing = typeof third === 'function' ? { onConnect: third, enabled: fourth } : (third ?? {});
  const enabled = hearing.enabled !== false;
  const onConnect = hearing.onConnect ?? (() => undefined);
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ onPush, onConnect });
  handlers.current = { onPush, onConnect };
  const key = many ? what.join(',') : what;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let held: PageSocket | undefined;
    let connections = 0;
    const onConnected = () => {
      setConnected(true);
      handlers.current.onConnect(connections++ > 0);
    };
    const onDisconnected = () => setConnected(false);
    // Another instance took over a read model and pushes may have been lost with its holder: catch up as after a reconnection.
    const onResync = () => handlers.current.onConnect(true);
    const listeners = key.split(',').map((name) => {
      const listener: Listener = many
        ? (payload) => (handlers.current.onPush as (p: Push) => void)({ name: name as PushName, payload })
        : (payload) => (handlers.current.onPush as Listener)(payload);
      return [name, listener] as const;
    });
    void holdPageSocket().then((s) => {
      if (!live) return;
      held = s;
      const untyped = s as unknown as { on(name: string, fn: (...a: never[]) => void): void };
      untyped.on('connect', onConnected);
      untyped.on('disconnect', onDisconnected);
      untyped.on('feed.resync', onResync);
      for (const [name, listener] of listeners) untyped.on(name, listener);
      // The page's socket may have connected for another component already.
      if (s.connected) onConnected();
    });
    return () => {
      live = false;
      const untyped = held as unknown as { off(name: string, fn: (...a: never[]) => void): void } | undefined;
      untyped?.off('connect', onConnected);
      untyped?.off('disconnect', onDisconnected);
      untyped?.off('feed.resync', onResync);
      for (const [name, listener] of listeners) untyped?.off(name, listener);
      releasePageSocket();
    };
  }, [key, enabled, many]);

  return { connected };
}
