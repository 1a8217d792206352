import { Html, html } from '../../shared/html';
import { jsonLdScript } from './json-ld-script';

/** What a server-rendered page says about itself in <head>. */
export type PageHead = {
  readonly title: string;
  readonly description: string;
  /** Absolute: one address per page, whatever the query string. */
  readonly canonical: string;
  /** Absolute URL of the first photo, for link previews (Open Graph, Twitter cards). */
  readonly image: string | null;
  readonly ogType: 'website' | 'article' | 'profile';
  readonly siteName: string;
  readonly jsonLd: readonly unknown[];
  /** e.g. "noindex, follow" for pages search engines should not keep. */
  readonly robots?: string;
};

/** The <head> tags of a page: title, description, canonical, Open Graph, Twitter card and JSON-LD. */
export function renderHead(h: PageHead): Html {
  return html`<title>${h.title}</title>
    <meta name="description" content="${h.description}" />
    <link rel="canonical" href="${h.canonical}" />
    ${h.robots ? html`<meta name="robots" content="${h.robots}" />` : ''}
    <meta property="og:type" content="${h.ogType}" />
    <meta property="og:site_name" content="${h.siteName}" />
    <meta property="og:title" content="${h.title}" />
    <meta property="og:description" content="${h.description}" />
    <meta property="og:url" content="${h.canonical}" />
    ${h.image ? html`<meta property="og:image" content="${h.image}" />` : ''}
    <meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />
    <meta name="twitter:title" content="${h.title}" />
    <meta name="twitter:description" content="${h.description}" />
    ${h.image ? html`<meta name="twitter:image" content="${h.image}" />` : ''}
    ${h.jsonLd.map((d) => jsonLdScript(d))}`;
}

/** A description of at most `max` characters, cut at a word. */
export function shortText(text: string, max = 160): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

export { Html };
