import { useEffect, useState } from 'react';
import { ApiError } from '../../api/http';
import { areaOf } from '../../api/pages';
import { navigate } from '../../app/location';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useTakeOver } from '../../app/serverPage';

/**
 * /homes-for-sale/{city}, /zip/{zip}, /county/{name}-county: the search list of that place. The
 * server rendered its listings; the app asks which place it is and becomes the search page of
 * it (which keeps the server's page on screen until its own list is drawn).
 */
export function AreaRoute({ path }: { path: string }) {
  const [state, setState] = useState<'loading' | 'missing' | 'error'>('loading');
  useEffect(() => {
    let live = true;
    areaOf(path)
      .then((area) => {
        if (live) navigate(`/search?${new URLSearchParams(area.criteria).toString()}${window.location.search.replace(/^\?/, '&')}`, { replace: true });
      })
      .catch((err: unknown) => {
        if (live) setState(err instanceof ApiError && err.status === 404 ? 'missing' : 'error');
      });
    return () => {
      live = false;
    };
  }, [path]);
  useTakeOver(state !== 'loading');
  if (state === 'missing') return <NotFoundPage />;
  if (state === 'error')
    return (
      <main id="main" className="simple-page" role="alert">
        <h1>We could not load these homes</h1>
        <p>Please try again in a moment.</p>
      </main>
    );
  return <main id="main" className="page-loading" aria-busy="true" />;
}
