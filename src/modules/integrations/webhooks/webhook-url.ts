import { LEADS_TO_PRIVATE, type Outbound } from '../../../shared/net/outbound';

export const HTTPS_ONLY = 'url must be an https URL';
export const URL_LEADS_TO_PRIVATE = `url ${LEADS_TO_PRIVATE}`;

/**
 * Why a webhook URL is refused, or null. In production only https, and never a URL that leads
 * to a loopback, private or link-local address (the outbound policy: ALLOW_PRIVATE_OUTBOUND);
 * checked when it is set and again, by the same policy, at every delivery's connection (a name
 * that resolves elsewhere later cannot lead in).
 */
export async function webhookUrlProblem(
  url: string,
  opts: { readonly httpsOnly: boolean; readonly outbound: Pick<Outbound, 'isPrivate'> },
): Promise<string | null> {
  if (opts.httpsOnly && new URL(url).protocol !== 'https:') return HTTPS_ONLY;
  if (await opts.outbound.isPrivate(url)) return URL_LEADS_TO_PRIVATE;
  return null;
}
