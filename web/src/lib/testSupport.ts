import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { Push } from '../api/realtime';

/** Test support for the dashboard's component specs (never imported by the app). */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as the browser sees it, by `METHOD url`; every call kept with its JSON body. */
export function fakeServer(answers: Record<string, () => Response>) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(key);
      bodies.push(typeof init?.body === 'string' ? JSON.parse(init.body) : undefined);
      const answer = answers[key];
      if (!answer) throw new Error(`no answer for ${key}`);
      return answer();
    }),
  );
  return Object.assign(calls, { bodies });
}

/** The dashboard's push fan-out, driven by the test. */
export function fakePushes() {
  const fns = new Set<(p: Push) => void>();
  return {
    subscribe: (fn: (p: Push) => void) => {
      fns.add(fn);
      return () => fns.delete(fn);
    },
    emit: (p: Push) => act(() => fns.forEach((fn) => fn(p))),
  };
}
