/**
 * The hosts the platform itself answers on, which no broker's setting may take: its own host
 * (PUBLIC_URL's), www. of it, and every host under it (the sites' subdomains). `localhost`
 * counts as the platform's too: only the machine itself reaches it, and development and the
 * demo run their sites as jane.localhost whatever PUBLIC_URL says.
 */
const LOOPBACK_NAME = 'localhost';
const IP = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/;

/** A Host header (or domain) as compared: lower case, without port or trailing dot. */
export const bareHost = (host: string) => host.toLowerCase().trim().replace(/:\d+$/, '').replace(/\.$/, '');

/** The domains sites' subdomains hang under: the platform's host (as is and without www.) and localhost. */
function subdomainBases(platformHost: string): string[] {
  const own = bareHost(platformHost);
  if (IP.test(own)) return [LOOPBACK_NAME];
  return [...new Set([own, own.replace(/^www\./, ''), LOOPBACK_NAME])];
}

/** The platform's own host or www. of it, or any host under the platform's domain or localhost. */
export function isPlatformHost(host: string, platformHost: string): boolean {
  const h = bareHost(host);
  const own = bareHost(platformHost);
  if (h === own || h === `www.${own}`) return true;
  return subdomainBases(platformHost).some((base) => h === base || h.endsWith(`.${base}`));
}

/** The site subdomain a host names: one label directly under the platform's domain (jane.<host>), else null. */
export function platformSubdomainOf(host: string, platformHost: string): string | null {
  const h = bareHost(host);
  for (const base of subdomainBases(platformHost)) {
    if (!h.endsWith(`.${base}`)) continue;
    const label = h.slice(0, -base.length - 1);
    if (label && !label.includes('.') && label !== 'www') return label;
  }
  return null;
}

export const isIpHost = (host: string) => IP.test(bareHost(host));
