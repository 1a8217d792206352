import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Doc = Record<string, unknown> & { pdid: string };
export type StandInRequest = { readonly method: string; readonly path: string; readonly body: unknown; readonly auth: string | undefined };
type StandInTask = { uid: number; type: string; looks: number; fail: string | null };

/**
 * A few of Meilisearch's routes as the server answers them (writes 202 with a task summary;
 * each task is `enqueued`, then `processing`, then done, one look at a time), over an in-memory
 * index. Filters are not evaluated, except the status group (`grp = n`), `has_point = true` and
 * `pdid IN [...]`: every other document is a candidate, which is what the adapter's exact
 * checks must cope with anyway. Requests are recorded for the tests to read.
 */
export class MeilisearchStandIn {
  readonly requests: StandInRequest[] = [];
  readonly docs = new Map<string, Doc>();
  readonly tasks = new Map<number, StandInTask>();
  /** The next task of this type fails with this message. */
  failNext: { type: string; message: string } | null = null;
  version = '1.12.0';
  /** Filters matching this are refused as Meilisearch refuses a filter it cannot read (400 invalid_search_filter). */
  refuseFilter: RegExp | null = null;
  indexExists = false;
  private server: Server | undefined;
  private nextTask = 0;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = raw ? (JSON.parse(raw) as unknown) : undefined;
        const path = req.url ?? '/';
        this.requests.push({ method: req.method ?? 'GET', path, body, auth: req.headers.authorization });
        const [status, answer] = this.answer(req.method ?? 'GET', path, body);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** How often each task was looked at: a waiter that stopped before `succeeded` looked fewer than 3 times. */
  looks(): number[] {
    return [...this.tasks.values()].map((t) => t.looks);
  }

  private task(type: string, indexUid: string | null, fail: string | null = null): [number, unknown] {
    const uid = this.nextTask++;
    const failing = this.failNext?.type === type ? this.failNext.message : fail;
    if (this.failNext?.type === type) this.failNext = null;
    this.tasks.set(uid, { uid, type, looks: 0, fail: failing });
    return [202, { taskUid: uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() }];
  }

  private search(b: SearchBody) {
    const grp = /^grp = (\d)/.exec(b.filter ?? '');
    const all = sortBy(
      [...this.docs.values()].filter((d) => (!grp || d.grp === Number(grp[1])) && (!b.filter?.includes('has_point = true') || d.has_point === true)),
      b.sort,
    );
    const offset = b.offset ?? 0;
    const hits = all.slice(offset, offset + (b.limit ?? 20)).map((d) => pick(d, b.attributesToRetrieve));
    const facetDistribution: Record<string, Record<string, number>> = {};
    for (const f of b.facets ?? []) {
      const counts: Record<string, number> = (facetDistribution[f] = {});
      for (const d of all) if (d[f] !== null && d[f] !== undefined) counts[String(d[f])] = (counts[String(d[f])] ?? 0) + 1;
    }
    return { hits, query: '', processingTimeMs: 0, limit: b.limit ?? 20, offset, estimatedTotalHits: all.length, facetDistribution };
  }

  private answer(method: string, path: string, body: unknown): [number, unknown] {
    const url = new URL(path, 'http://x');
    const p = url.pathname;
    if (method === 'GET' && p === '/version') return [200, { pkgVersion: this.version, commitSha: 'x', commitDate: 'x' }];
    const task = /^\/tasks\/(\d+)$/.exec(p);
    if (method === 'GET' && task) {
      const t = this.tasks.get(Number(task[1]));
      if (!t) return [404, { message: `Task \`${task[1]}\` not found.`, code: 'task_not_found', type: 'invalid_request' }];
      t.looks++;
      const status = t.looks === 1 ? 'enqueued' : t.looks === 2 ? 'processing' : t.fail ? 'failed' : 'succeeded';
      return [
        200,
        { uid: t.uid, type: t.type, status, error: status === 'failed' ? { message: t.fail, code: t.fail!.split(':')[0], type: 'invalid_request' } : null },
      ];
    }
    const filters =
      p === '/multi-search' ? (body as { queries: SearchBody[] }).queries.map((q) => q.filter ?? '') : [(body as SearchBody | undefined)?.filter ?? ''];
    if (method === 'POST' && p.endsWith('search') && this.refuseFilter && filters.some((f) => this.refuseFilter!.test(f))) {
      return [400, { message: 'Invalid syntax for the filter parameter.', code: 'invalid_search_filter', type: 'invalid_request' }];
    }
    if (method === 'POST' && p === '/multi-search') return [200, { results: (body as { queries: SearchBody[] }).queries.map((q) => this.search(q)) }];
    if (method === 'POST' && p === '/indexes') {
      const exists = this.indexExists;
      this.indexExists = true;
      return this.task('indexCreation', (body as { uid: string }).uid, exists ? 'index_already_exists: Index already exists.' : null);
    }
    const m = /^\/indexes\/([^/]+)(\/.*)?$/.exec(p);
    if (!m) return [404, { message: 'not found', code: 'not_found' }];
    const uid = decodeURIComponent(m[1]!);
    const rest = m[2] ?? '';
    if (method === 'DELETE' && rest === '') return this.task('indexDeletion', uid);
    if (method === 'PATCH' && rest === '/settings') return this.task('settingsUpdate', uid);
    if (method === 'POST' && rest === '/documents') {
      for (const d of body as Doc[]) this.docs.set(d.pdid, d);
      return this.task('documentAdditionOrUpdate', uid);
    }
    if (method === 'POST' && rest === '/documents/delete-batch') {
      for (const id of body as string[]) this.docs.delete(id);
      return this.task('documentDeletion', uid);
    }
    if (method === 'DELETE' && rest === '/documents') {
      this.docs.clear();
      return this.task('documentDeletion', uid);
    }
    if (method === 'POST' && rest === '/documents/fetch') {
      const b = body as { filter: string; limit: number; fields?: string[] };
      const ids = [...b.filter.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => x[1]!);
      const results = ids.flatMap((id) => (this.docs.has(id) ? [pick(this.docs.get(id)!, b.fields)] : [])).slice(0, b.limit);
      return [200, { results, offset: 0, limit: b.limit, total: results.length }];
    }
    if (method === 'POST' && rest === '/search') return [200, this.search(body as SearchBody)];
    return [404, { message: `no route ${method} ${p}`, code: 'not_found' }];
  }
}

type SearchBody = { filter?: string; sort?: string[]; offset?: number; limit?: number; facets?: string[]; attributesToRetrieve?: string[] };

/** Sorts by plain fields (`name:asc` / `name:desc`); geo sorts are left to the real server. */
function sortBy(docs: Doc[], sort: readonly string[] | undefined): Doc[] {
  const keys = (sort ?? []).filter((k) => !k.startsWith('_geo')).map((k) => k.split(':') as [string, string]);
  return [...docs].sort((a, b) => {
    for (const [f, dir] of keys) {
      const x = a[f] as number | string;
      const y = b[f] as number | string;
      if (x !== y) return (x < y ? -1 : 1) * (dir === 'desc' ? -1 : 1);
    }
    return 0;
  });
}

const pick = (d: Doc, fields: readonly string[] | undefined): Doc =>
  fields ? (Object.fromEntries(fields.filter((f) => f in d).map((f) => [f, d[f]])) as Doc) : d;
