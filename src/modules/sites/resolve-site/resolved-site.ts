import type { DomainCheckState, SiteCreated } from '../sites.events';
import { bareHost, isIpHost, isPlatformHost, platformSubdomainOf } from './platform-hosts';

/** The site (tenant) a request was sent to, as the sites read model has it. */
export type ResolvedSite = SiteCreated['data'] & DomainCheckState;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by SiteMiddleware on every route; undefined only before any site exists. */
      site?: ResolvedSite;
    }
  }
}

/**
 * What the host names: the platform's own hosts name the default site or a subdomain (one label
 * under the platform's domain, never under a foreign one: jane.evil.example is not jane);
 * any other host can only be a custom domain (with and without www.).
 */
export function hostCandidates(hostHeader: string, platformHost: string): { domains: string[]; subdomain: string | null } {
  const host = bareHost(hostHeader);
  if (isPlatformHost(host, platformHost)) return { domains: [], subdomain: platformSubdomainOf(host, platformHost) };
  if (isIpHost(host)) return { domains: [], subdomain: null };
  return { domains: host.startsWith('www.') ? [host, host.slice(4)] : [host], subdomain: null };
}

/**
 * The address of a site for links in e-mails: its custom domain, else the configured public
 * address (the default site) or a subdomain of it. Never the Host of a request, which anyone can
 * set (a reset link must not point at an attacker's host).
 */
export function siteBaseUrl(
  site: Pick<ResolvedSite, 'DomainName' | 'isDefault' | 'subdomain'> & Partial<Pick<ResolvedSite, 'domainStatus'>>,
  publicUrl: string,
): string {
  // A domain not (yet) proven does not serve the site: links go to its subdomain meanwhile.
  if (site.DomainName && site.domainStatus === 'verified') return `https://${site.DomainName}`;
  if (site.isDefault) return publicUrl;
  const u = new URL(publicUrl);
  u.hostname = `${site.subdomain}.${u.hostname}`;
  return u.origin;
}
