import type { z } from 'zod';
import type { BodyInput, QueryInput, ResponseOf, Route } from '../../../src/contract/route';
import { request } from './http';

type ParamsInput<R extends Route> = R['params'] extends z.ZodObject ? z.input<R['params']> : never;

/** What a call of `route` takes: its path's params, its query and its body, each only if it declares one. */
export type CallInput<R extends Route> = ([ParamsInput<R>] extends [never] ? unknown : { readonly params: ParamsInput<R> }) &
  ([QueryInput<R>] extends [never] ? unknown : { readonly query?: QueryInput<R> }) &
  ([BodyInput<R>] extends [never] ? unknown : { readonly body: BodyInput<R> });

/** `uniqueKey`: routes sharing one key abort each other's older calls (map and split). */
type CallOptions = { readonly signal?: AbortSignal; readonly unique?: boolean; readonly uniqueKey?: string };
type Args<R extends Route> = object extends CallInput<R> ? [input?: CallInput<R>, opts?: CallOptions] : [input: CallInput<R>, opts?: CallOptions];

/** The URL of a call: the route's path with its params filled in, and the query's defined values (a list as the parameter repeated). */
export function urlOf(route: Route, input: { params?: Record<string, string>; query?: Record<string, unknown> } = {}): string {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = new URLSearchParams(
    Object.entries(input.query ?? {}).flatMap<[string, string]>(([k, v]) =>
      v === undefined || v === null ? [] : Array.isArray(v) ? v.map((x): [string, string] => [k, String(x)]) : [[k, String(v)]],
    ),
  );
  const search = query.toString();
  return `/${path}${search ? `?${search}` : ''}`;
}

/**
 * Calls a route of the contract (src/contract/routes/): `api(contract.tasks.create, { params:
 * { leadId }, body })`. The answer's type is the route's declared answer, which test runs of the
 * server check every answer against.
 */
export function api<R extends Route>(route: R, ...[input, opts]: Args<R>): Promise<ResponseOf<R>> {
  const call = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  return request<ResponseOf<R>>(route.method, urlOf(route, call), call.body, {
    ...opts,
    uniqueKey: opts?.unique ? (opts.uniqueKey ?? `/${route.path}`) : undefined,
  });
}
