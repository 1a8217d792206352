import { createHash } from 'node:crypto';

/**
 * The token that proves a domain's owner meant this site: bound to the site and the domain, so
 * a record placed for one site never verifies another. It is no secret (TXT records are public);
 * the proof is that only the domain's owner can publish it there.
 */
export function domainToken(siteId: string, domain: string): string {
  return createHash('sha256').update(`porchlight-domain:${siteId}:${domain}`).digest('hex').slice(0, 32);
}
