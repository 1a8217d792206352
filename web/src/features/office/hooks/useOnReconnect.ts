import { useEffect, useRef } from 'react';

/** Calls `fn` each time the socket comes back after being away (pushes missed meanwhile are not replayed to a section that asks again instead). */
export function useOnReconnect(connected: boolean, fn: () => void): void {
  const was = useRef(connected);
  useEffect(() => {
    if (connected && !was.current) fn();
    was.current = connected;
  }, [connected, fn]);
}
