/** A failed call: the server's {message} and status (0 when the network failed). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's other fields, for an error the client acts on (a 409 it asks the user about). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isAbort = (err: unknown): boolean => err instanceof DOMException && err.name === 'AbortError';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Options = {
  /** 'Unique' routes (spec section 7): a new call aborts the earlier in-flight call to the same base route. */
  readonly unique?: boolean;
  readonly signal?: AbortSignal;
};

const inflight = new Map<string, AbortController>();

/** The route without query string and without the variable tail of autocomplete-like paths. */
export const baseRoute = (method: Method, url: string, uniqueKey?: string): string => `${method} ${uniqueKey ?? url.split('?')[0]}`;

export async function request<T>(method: Method, url: string, body?: unknown, opts: Options & { uniqueKey?: string } = {}): Promise<T> {
  const controller = new AbortController();
  const key = baseRoute(method, url, opts.uniqueKey);
  if (opts.unique) {
    inflight.get(key)?.abort();
    inflight.set(key, controller);
  }
  opts.signal?.addEventListener('abort', () => controller.abort());
  try {
    const res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    const data: unknown = text ? safeJson(text) : undefined;
    if (!res.ok) {
      const message =
        data && typeof data === 'object' && 'message' in data ? String((data as { message: unknown }).message) : res.statusText || `HTTP ${res.status}`;
      throw new ApiError(message, res.status, data && typeof data === 'object' ? (data as Record<string, unknown>) : {});
    }
    return data as T;
  } catch (err) {
    if (isAbort(err) || err instanceof ApiError) throw err;
    throw new ApiError('The server cannot be reached', 0);
  } finally {
    if (opts.unique && inflight.get(key) === controller) inflight.delete(key);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 300) };
  }
}
