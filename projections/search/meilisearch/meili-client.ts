/**
 * The few calls of Meilisearch's HTTP API the adapter makes, over fetch. The official
 * `meilisearch` package is not a dependency of this repository (and none may be added here), so
 * this file mirrors its method names (`index(uid).addDocuments`, `search`, `updateSettings`,
 * `waitForTask`, ...) for a later swap to it to be a change of imports.
 */

export type TaskStatus = 'enqueued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
/** What every write answers (202): the task to wait for. */
export type EnqueuedTask = { readonly taskUid: number; readonly indexUid: string | null; readonly status: TaskStatus; readonly type: string };
export type Task = { readonly uid: number; readonly status: TaskStatus; readonly type: string; readonly error?: { readonly message: string; readonly code: string } | null };

export type Settings = {
  readonly filterableAttributes?: readonly string[];
  readonly sortableAttributes?: readonly string[];
  readonly searchableAttributes?: readonly string[];
  readonly pagination?: { readonly maxTotalHits: number };
  readonly faceting?: { readonly maxValuesPerFacet: number };
};

export type SearchParams = {
  readonly filter?: string;
  readonly sort?: readonly string[];
  readonly offset?: number;
  readonly limit?: number;
  readonly facets?: readonly string[];
  readonly attributesToRetrieve?: readonly string[];
};

export type SearchResponse<T> = {
  readonly hits: T[];
  readonly estimatedTotalHits?: number;
  readonly facetDistribution?: Record<string, Record<string, number>>;
  readonly facetStats?: Record<string, { readonly min: number; readonly max: number }>;
};

/** An answer of the server other than 2xx, with its `{message, code}`. */
export class MeiliSearchApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** A task that ended otherwise than succeeded. */
export class MeiliTaskError extends Error {
  constructor(readonly task: Task) {
    super(`Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.message ?? 'no reason given'}`);
  }
}

export type ClientOptions = {
  readonly host: string;
  readonly apiKey?: string | undefined;
  /** Between two looks at an unfinished task. */
  readonly pollMs?: number;
  /** How long a task may take before waitForTask gives up. */
  readonly taskTimeoutMs?: number;
};

export class MeiliSearch {
  private readonly base: string;
  readonly pollMs: number;
  readonly taskTimeoutMs: number;

  constructor(private readonly options: ClientOptions) {
    this.base = options.host.replace(/\/+$/, '');
    this.pollMs = options.pollMs ?? 50;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 120_000;
  }

  index<T = Record<string, unknown>>(uid: string): MeiliIndex<T> {
    return new MeiliIndex<T>(this, uid);
  }

  createIndex(uid: string, options: { primaryKey: string }): Promise<EnqueuedTask> {
    return this.request('POST', '/indexes', { uid, primaryKey: options.primaryKey });
  }

  deleteIndex(uid: string): Promise<EnqueuedTask> {
    return this.request('DELETE', `/indexes/${encodeURIComponent(uid)}`);
  }

  getVersion(): Promise<{ pkgVersion: string }> {
    return this.request('GET', '/version');
  }

  /** Several searches in one request, answered in order. */
  multiSearch<T>(queries: readonly (SearchParams & { indexUid: string; q?: string })[]): Promise<{ results: SearchResponse<T>[] }> {
    return this.request('POST', '/multi-search', { queries: queries.map((q) => ({ q: '', ...q })) });
  }

  getTask(uid: number): Promise<Task> {
    return this.request('GET', `/tasks/${uid}`);
  }

  /** Until the task is done; a failed or canceled one throws MeiliTaskError unless `allowFailure`. */
  async waitForTask(uid: number, opts: { allowFailure?: boolean } = {}): Promise<Task> {
    const until = Date.now() + this.taskTimeoutMs;
    for (;;) {
      const task = await this.getTask(uid);
      if (task.status === 'succeeded') return task;
      if (task.status === 'failed' || task.status === 'canceled') {
        if (opts.allowFailure) return task;
        throw new MeiliTaskError(task);
      }
      if (Date.now() > until) throw new Error(`Meilisearch task ${uid} not done after ${this.taskTimeoutMs} ms`);
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  async waitForTasks(uids: readonly number[]): Promise<Task[]> {
    const done: Task[] = [];
    // In order: the server runs one index's tasks in order, so the last waits longest.
    for (const uid of uids) done.push(await this.waitForTask(uid));
    return done;
  }

  async request<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const res = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const e = (json ?? {}) as { message?: string; code?: string };
      throw new MeiliSearchApiError(res.status, e.message ?? `Meilisearch answered ${res.status} to ${method} ${path}`, e.code);
    }
    return json as T;
  }
}

export class MeiliIndex<T> {
  constructor(
    private readonly client: MeiliSearch,
    readonly uid: string,
  ) {}

  private path(rest: string): string {
    return `/indexes/${encodeURIComponent(this.uid)}${rest}`;
  }

  /** Adds or replaces whole documents (by primary key). */
  addDocuments(documents: readonly T[], options: { primaryKey: string }): Promise<EnqueuedTask> {
    return this.client.request('POST', this.path(`/documents?primaryKey=${encodeURIComponent(options.primaryKey)}`), documents);
  }

  /** One task per batch of `batchSize` documents. */
  async addDocumentsInBatches(documents: readonly T[], batchSize: number, options: { primaryKey: string }): Promise<EnqueuedTask[]> {
    const tasks: EnqueuedTask[] = [];
    for (let i = 0; i < documents.length; i += batchSize) tasks.push(await this.addDocuments(documents.slice(i, i + batchSize), options));
    return tasks;
  }

  deleteDocuments(ids: readonly string[]): Promise<EnqueuedTask> {
    return this.client.request('POST', this.path('/documents/delete-batch'), ids);
  }

  deleteAllDocuments(): Promise<EnqueuedTask> {
    return this.client.request('DELETE', this.path('/documents'));
  }

  getDocuments(params: { filter?: string; limit?: number; offset?: number; fields?: readonly string[] }): Promise<{ results: T[]; total: number }> {
    return this.client.request('POST', this.path('/documents/fetch'), params);
  }

  updateSettings(settings: Settings): Promise<EnqueuedTask> {
    return this.client.request('PATCH', this.path('/settings'), settings);
  }

  search(query: string, params: SearchParams): Promise<SearchResponse<T>> {
    return this.client.request('POST', this.path('/search'), { q: query, ...params });
  }
}
