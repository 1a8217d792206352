import type { HomeCover } from '../../contract/site-styles';
import { type Html, html } from '../../shared/html';
import type { Translate } from './page-language';

/**
 * The home page's cover (site styles): the uploaded image behind a box in the site's primary
 * colour holding the headline and sub-line; nothing when the broker set neither image nor text.
 * The classes are the web app's (web/src/styles.css), which draws the same cover.
 */
export function renderHomeCover(cover: HomeCover, t: Translate): Html | '' {
  if (!cover.imageUrl && !cover.headline && !cover.subline) return '';
  return html`<section class="home-cover" aria-label="${t('pages.home.cover', 'Welcome')}">${cover.imageUrl ? html`<img class="home-cover-image" src="${cover.imageUrl}" alt="" width="1200" height="480" decoding="async" />` : ''}<div class="home-cover-text">${
    cover.headline ? html`<p class="home-cover-headline">${cover.headline}</p>` : ''
  }${cover.subline ? html`<p class="home-cover-subline">${cover.subline}</p>` : ''}<a class="home-cover-action" href="/search">${t('pages.searchHomes', 'Search homes')}</a></div></section>`;
}
