/** Clean addresses of the public pages search engines are given (the React app reads the same ones). */

export { type AreaKind, areaPath, slugOf } from '../../contract/public-pages';
import { type AreaKind, slugOf } from '../../contract/public-pages';

/** The area an address names, or undefined: the slug to look the name up by (a zip is itself). */
export function parseAreaPath(path: string): { kind: AreaKind; slug: string } | undefined {
  const m = /^\/homes-for-sale\/(?:(zip|county)\/)?([^/]+)\/?$/.exec(path);
  if (!m) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(m[2]!).toLowerCase();
  } catch {
    return undefined;
  }
  if (m[1] === 'zip') return /^\d{5}$/.test(slug) ? { kind: 'zip', slug } : undefined;
  if (m[1] === 'county') return slug.endsWith('-county') ? { kind: 'county', slug: slug.slice(0, -'-county'.length) } : undefined;
  return { kind: 'city', slug };
}

/** An agent's page: their name for people, then the key that finds it (/agents/jane-agent-0a1b2c3d4e5f). */
export const agentPath = (a: { readonly firstName: string; readonly lastName: string; readonly pageKey: string }): string => {
  const name = slugOf(`${a.firstName} ${a.lastName}`);
  return `/agents/${name ? `${name}-` : ''}${a.pageKey}`;
};

/** The key of an agent page's address, or undefined. */
export const parseAgentPath = (path: string): string | undefined => /^\/agents\/(?:[^/]*-)?([0-9a-f]{12})\/?$/.exec(path)?.[1];

export const listingPath = (pdid: string): string => `/listing/${encodeURIComponent(pdid)}`;
