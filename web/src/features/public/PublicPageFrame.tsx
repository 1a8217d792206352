import { type ReactNode, useEffect, useState } from 'react';
import { ApiError, isAbort } from '../../api/http';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useTakeOver } from '../../app/serverPage';
import { PageLoadError } from './PublicPageParts';

export type PageData<T> = { status: 'loading' } | { status: 'found'; data: T } | { status: 'missing' } | { status: 'error'; message: string };

/**
 * The data of a public page the server also renders (a guide, a market report): loaded again when
 * `key` changes, a 404 read as "missing", and the server's page taken over once the answer is in.
 */
export function usePublicPageData<T>(key: string, load: (signal: AbortSignal) => Promise<T>): PageData<T> {
  const [state, setState] = useState<PageData<T>>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    load(abort.signal)
      .then((data) => !abort.signal.aborted && setState({ status: 'found', data }))
      .catch((err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        setState(
          err instanceof ApiError && err.status === 404
            ? { status: 'missing' }
            : { status: 'error', message: err instanceof Error ? err.message : String(err) },
        );
      });
    return () => abort.abort();
    // `load` is read anew with each key: the key alone says when the page is another.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useTakeOver(state.status !== 'loading');
  return state;
}

/** What such a page shows before and without its data: the not-found page, a busy frame, or the error; its own content once found. */
export function PublicPageFrame<T>({ state, errorTitle, children }: { state: PageData<T>; errorTitle: string; children: (data: T) => ReactNode }) {
  if (state.status === 'missing') return <NotFoundPage />;
  if (state.status === 'loading') return <main id="main" className="page-loading" aria-busy="true" />;
  if (state.status === 'error') return <PageLoadError title={errorTitle} message={state.message} />;
  return <>{children(state.data)}</>;
}
