import type { SiteCreated } from '../sites.events';

/** The site (tenant) a request was sent to, as the sites read model has it. */
export type ResolvedSite = SiteCreated['data'];

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by SiteMiddleware on every route; undefined only before any site exists. */
      site?: ResolvedSite;
    }
  }
}

/** What the host names: a custom domain (with and without www.) and a subdomain candidate. */
export function hostCandidates(hostHeader: string): { domains: string[]; subdomain: string | null } {
  const host = hostHeader.toLowerCase().trim().replace(/:\d+$/, '').replace(/\.$/, '');
  const labels = host.split('.');
  const isIp = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
  const domains = host.startsWith('www.') ? [host, host.slice(4)] : [host];
  return { domains, subdomain: !isIp && labels.length >= 2 ? labels[0]! : null };
}

/**
 * The address of a site for links in e-mails: its custom domain, else the configured public
 * address (the default site) or a subdomain of it. Never the Host of a request, which anyone can
 * set (a reset link must not point at an attacker's host).
 */
export function siteBaseUrl(site: Pick<ResolvedSite, 'DomainName' | 'isDefault' | 'subdomain'>, publicUrl: string): string {
  if (site.DomainName) return `https://${site.DomainName}`;
  if (site.isDefault) return publicUrl;
  const u = new URL(publicUrl);
  u.hostname = `${site.subdomain}.${u.hostname}`;
  return u.origin;
}
