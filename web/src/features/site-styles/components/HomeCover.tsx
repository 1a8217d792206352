import { type ReactNode, useEffect, useState } from 'react';
import type { HomeCover as Cover } from '../../../../../src/contract/site-styles';
import { siteStylesApi } from '../api/siteStylesApi';

/**
 * The home page's cover on the search landing (the page the site's root becomes): the
 * uploaded image behind a box in the site's primary colour with the headline and sub-line.
 * Nothing until it loads, nothing when the broker set none; the classes are the server-rendered
 * home page's (web/src/styles.css).
 */
export function HomeCover({ search }: { readonly search: string }) {
  const [cover, setCover] = useState<Cover | null>(null);
  const landing = search === '' || search === '?';
  useEffect(() => {
    if (!landing) return;
    let live = true;
    siteStylesApi.current().then(
      (s) => live && setCover(s.homecover),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [landing]);
  if (!landing || !cover || (!cover.imageUrl && !cover.headline && !cover.subline)) return null;
  return <HomeCoverView cover={cover} />;
}

/** The cover itself, as the public site and the dashboard's preview draw it; `action`: a call to action under the text. */
export function HomeCoverView({ cover, action }: { readonly cover: Cover; readonly action?: ReactNode }) {
  return (
    <section className="home-cover" aria-label="Welcome" data-testid="home-cover">
      {cover.imageUrl && <img className="home-cover-image" src={cover.imageUrl} alt="" width={1200} height={480} decoding="async" />}
      <div className="home-cover-text">
        {cover.headline && <p className="home-cover-headline">{cover.headline}</p>}
        {cover.subline && <p className="home-cover-subline">{cover.subline}</p>}
        {action}
      </div>
    </section>
  );
}
