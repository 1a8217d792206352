/**
 * Why a sync stopped, in words staff can act on. None of them carries a secret, a token or a
 * full query string (see describeUrl): messages are stored in FeedSyncFailed and shown in the
 * back-office.
 */
export class FeedError extends Error {
  /** The CLI's exit code for it. */
  readonly exitCode: number = 1;
}

/** The server could not be reached, or kept failing (5xx, 429) past every retry. */
export class FeedUnreachableError extends FeedError {
  override readonly name = 'FeedUnreachableError';
}

/** The token endpoint or the API refused the credentials (401/403). */
export class FeedCredentialsError extends FeedError {
  override readonly name = 'FeedCredentialsError';
  override readonly exitCode = 3;
}

/** The server answered something replication cannot go on with (not OData JSON, a loop, ignored paging). */
export class FeedProtocolError extends FeedError {
  override readonly name = 'FeedProtocolError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** Another sync or reconcile of this feed runs (here or in another process). */
export class FeedBusyError extends FeedError {
  override readonly name = 'FeedBusyError';
  override readonly exitCode = 4;
}

/** The sync was asked to stop (shutdown). */
export class FeedStoppedError extends FeedError {
  override readonly name = 'FeedStoppedError';
}

/** A URL as messages show it: scheme, host and path, never the query (tokens, filters) or credentials. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}
