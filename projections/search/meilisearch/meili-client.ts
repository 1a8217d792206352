import { Meilisearch as OfficialClient, MeilisearchApiError as OfficialApiError, type Index as OfficialIndex } from 'meilisearch';

/**
 * The calls of Meilisearch the adapter makes, through the official `meilisearch` client: this
 * file narrows it to what the adapter uses, with the adapter's types (read-only parameters, the
 * task states it looks at), its errors (`MeiliSearchApiError` with the server's status and code,
 * `MeiliTaskError` for a task that did not succeed) and its task waits (polling `GET /tasks/{uid}`
 * every `pollMs`, a failed task thrown unless allowed).
 */

export type TaskStatus = 'enqueued' | 'processing' | 'succeeded' | 'failed' | 'canceled';
/** What every write answers (202): the task to wait for. */
export type EnqueuedTask = { readonly taskUid: number; readonly indexUid: string | null; readonly status: TaskStatus; readonly type: string };
export type Task = {
  readonly uid: number;
  readonly status: TaskStatus;
  readonly type: string;
  readonly error?: { readonly message: string; readonly code: string } | null;
};

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

/** The official client's errors as the adapter reads them (status and code); anything else as it came. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OfficialApiError) throw new MeiliSearchApiError(err.response.status, err.message, err.cause?.code);
    throw err;
  }
}

/** The official client's enqueued task, as the adapter reads it. */
const enqueued = (t: { taskUid: number; indexUid: string | null; status: string; type: string }): EnqueuedTask => ({
  taskUid: t.taskUid,
  indexUid: t.indexUid,
  status: t.status as TaskStatus,
  type: t.type,
});

export class MeiliSearch {
  readonly official: OfficialClient;
  readonly pollMs: number;
  readonly taskTimeoutMs: number;

  constructor(options: ClientOptions) {
    this.official = new OfficialClient({ host: options.host, apiKey: options.apiKey });
    this.pollMs = options.pollMs ?? 50;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 120_000;
  }

  index<T extends Record<string, unknown> = Record<string, unknown>>(uid: string): MeiliIndex<T> {
    return new MeiliIndex<T>(this.official.index<T>(uid));
  }

  async createIndex(uid: string, options: { primaryKey: string }): Promise<EnqueuedTask> {
    return enqueued(await call(() => this.official.createIndex(uid, { primaryKey: options.primaryKey })));
  }

  async deleteIndex(uid: string): Promise<EnqueuedTask> {
    return enqueued(await call(() => this.official.deleteIndex(uid)));
  }

  getVersion(): Promise<{ pkgVersion: string }> {
    return call(() => this.official.getVersion());
  }

  /** Several searches in one request, answered in order. */
  async multiSearch<T>(queries: readonly (SearchParams & { indexUid: string; q?: string })[]): Promise<{ results: SearchResponse<T>[] }> {
    const answer = await call(() =>
      this.official.multiSearch({
        queries: queries.map((q) => ({
          q: '',
          ...q,
          sort: q.sort && [...q.sort],
          facets: q.facets && [...q.facets],
          attributesToRetrieve: q.attributesToRetrieve && [...q.attributesToRetrieve],
        })),
      }),
    );
    return answer as unknown as { results: SearchResponse<T>[] };
  }

  async getTask(uid: number): Promise<Task> {
    return (await call(() => this.official.tasks.getTask(uid))) as unknown as Task;
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
}

export class MeiliIndex<T extends Record<string, unknown>> {
  constructor(private readonly official: OfficialIndex<T>) {}

  get uid(): string {
    return this.official.uid;
  }

  /** Adds or replaces whole documents (by primary key). */
  async addDocuments(documents: readonly T[], options: { primaryKey: string }): Promise<EnqueuedTask> {
    return enqueued(await call(() => this.official.addDocuments([...documents], { primaryKey: options.primaryKey })));
  }

  /** One task per batch of `batchSize` documents, sent one after the other. */
  async addDocumentsInBatches(documents: readonly T[], batchSize: number, options: { primaryKey: string }): Promise<EnqueuedTask[]> {
    const tasks: EnqueuedTask[] = [];
    for (let i = 0; i < documents.length; i += batchSize) tasks.push(await this.addDocuments(documents.slice(i, i + batchSize), options));
    return tasks;
  }

  async deleteDocuments(ids: readonly string[]): Promise<EnqueuedTask> {
    return enqueued(await call(() => this.official.deleteDocuments([...ids])));
  }

  async deleteAllDocuments(): Promise<EnqueuedTask> {
    return enqueued(await call(() => this.official.deleteAllDocuments()));
  }

  /** Documents by filter (POST /documents/fetch). */
  async getDocuments(params: { filter: string; limit?: number; offset?: number; fields?: readonly string[] }): Promise<{ results: T[]; total: number }> {
    const answer = await call(() =>
      this.official.getDocuments({
        filter: params.filter,
        limit: params.limit,
        offset: params.offset,
        fields: params.fields && ([...params.fields] as Extract<keyof T, string>[]),
      }),
    );
    return { results: answer.results, total: answer.total };
  }

  async updateSettings(settings: Settings): Promise<EnqueuedTask> {
    return enqueued(await call(() => this.official.updateSettings(settings as never)));
  }

  async search(query: string, params: SearchParams): Promise<SearchResponse<T>> {
    const answer = await call(() =>
      this.official.search(query, {
        ...params,
        sort: params.sort && [...params.sort],
        facets: params.facets && [...params.facets],
        attributesToRetrieve: params.attributesToRetrieve && [...params.attributesToRetrieve],
      } as never),
    );
    return answer as unknown as SearchResponse<T>;
  }
}
