/**
 * Who may send lead notifications: each portal's display name and the domains its lead mail comes
 * from (a subdomain counts, e.g. convo.zillow.com, email.realtor.com). The list comes from the
 * portals' real notification mails (fixtures/README.md names them).
 */
export type Portal = { readonly name: string; readonly domains: readonly string[] };

export const PORTALS: readonly Portal[] = [
  { name: 'Zillow', domains: ['zillow.com', 'zillowgroup.com', 'hotpads.com'] },
  { name: 'Trulia', domains: ['trulia.com'] },
  { name: 'StreetEasy', domains: ['streeteasy.com'] },
  { name: 'Realtor.com', domains: ['realtor.com', 'move.com', 'moveinc.com'] },
  { name: 'Homes.com', domains: ['homes.com'] },
  { name: 'Redfin', domains: ['redfin.com'] },
  { name: 'Movoto', domains: ['movoto.com'] },
  { name: 'Opcity', domains: ['opcity.com'] },
  { name: 'HomeLight', domains: ['homelight.com'] },
  { name: 'LoopNet', domains: ['loopnet.com', 'showcase.com'] },
  { name: 'Apartments.com', domains: ['apartments.com'] },
  { name: 'Crexi', domains: ['crexi.com'] },
  { name: 'UpNest', domains: ['upnest.com'] },
];

/** The address inside a From or Reply-To value ("Jane <jane@x.com>"), lower-cased. */
export function addressOf(value: string): string {
  const angle = /<([^<>@\s]+@[^<>\s]+)>/.exec(value);
  const bare = angle ? angle[1]! : (/[^\s<>"]+@[^\s<>"]+/.exec(value)?.[0] ?? '');
  return bare.toLowerCase().replace(/[.>]+$/, '');
}

/** The display name in a From value ("Jane Doe <x@y>" → "Jane Doe"), when there is one. */
export function displayNameOf(value: string): string | undefined {
  const m = /^\s*"?([^"<]+?)"?\s*<[^>]+>/.exec(value);
  return m?.[1]?.trim() || undefined;
}

export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1);

const within = (domain: string, parent: string) => domain === parent || domain.endsWith(`.${parent}`);

/** The portal whose domain the address is at. */
export function portalOfAddress(address: string): Portal | undefined {
  const domain = domainOf(address);
  return domain ? PORTALS.find((p) => p.domains.some((d) => within(domain, d))) : undefined;
}

/** An address at any portal's domain: a sender or relay, never the person's own address. */
export const isPortalAddress = (address: string): boolean => portalOfAddress(address) !== undefined;

const pass = (v: string | null) => (v ?? '').trim().toLowerCase() === 'pass';

/**
 * Mailgun's verdicts on the message: SPF for the envelope sender, DKIM for the signature. A portal's
 * mail passes at least one; forwarding usually breaks SPF but keeps DKIM.
 */
export const senderVerified = (spf: string | null, dkim: string | null): boolean => pass(spf) || pass(dkim);

/** The domain a header names: DKIM-Signature's `d=` tag, or the address in Return-Path. */
const signingDomain = (signature: string | undefined) => /(?:^|;)\s*d\s*=\s*([a-z0-9.-]+)/i.exec(signature ?? '')?.[1]?.toLowerCase();
const envelopeDomain = (returnPath: string | undefined) => (returnPath ? domainOf(addressOf(returnPath)) || undefined : undefined);

/**
 * A passing verdict counts for a portal only when it is the portal's: Mailgun says whether a DKIM
 * signature and the envelope sender check out, not whose they are, so a message signed by any
 * domain could carry a portal's From. When the headers name the signing domain or the envelope
 * sender, it must be one of the portal's domains.
 */
export function portalVerified(portal: Portal, spf: string | null, dkim: string | null, header: (name: string) => string | undefined): boolean {
  const ours = (domain: string | undefined) => domain === undefined || portal.domains.some((d) => within(domain, d));
  return (pass(dkim) && ours(signingDomain(header('dkim-signature')))) || (pass(spf) && ours(envelopeDomain(header('return-path'))));
}
