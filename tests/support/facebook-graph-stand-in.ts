import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Meta's Graph API for lead ads, played by a real HTTP server on 127.0.0.1 in its own answer
 * shapes (developers.facebook.com/docs/marketing-api/guides/lead-ads/retrieving and
 * /docs/graph-api/guides/error-handling): `GET /{page-id}?fields=id,name`,
 * `GET /{page-id}/leadgen_forms` (`{data:[{id,name,status,locale}], paging:{cursors}}`),
 * `GET /{form-id}`, `POST /{page-id}/subscribed_apps?subscribed_fields=leadgen` (`{success:true}`), `GET /{leadgen-id}` (`{id, created_time, ad_id, form_id, campaign_name,
 * field_data:[{name, values}]}`), and its errors `{error:{message, type, code, error_subcode,
 * fbtrace_id}}`: an expired token (190/463), an unknown object (100/33), a transient failure
 * (500, code 2). Each call must carry the page's token and its appsecret_proof.
 */
export type StandInPage = { name: string; token: string; forms: { id: string; name: string; status?: string }[] };
export type StandInLead = { pageId: string; formId: string; adId?: string; campaignName?: string; createdTime: string; fields: Record<string, string> };

export async function facebookGraphStandIn(appSecret: string) {
  const pages = new Map<string, StandInPage>();
  const leads = new Map<string, StandInLead>();
  const expired = new Set<string>();
  const calls: string[] = [];
  let failing = 0;
  let failingId: string | null = null;
  let delayMs = 0;

  const error = (status: number, message: string, type: string, code: number, subcode?: number) =>
    [status, { error: { message, type, code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'AbCdEfGhIjK' } }] as const;

  const subscribed = new Map<string, string>();
  const answer = (url: URL, method = 'GET'): readonly [number, unknown] => {
    // Only the calls for the object named, when one is: other calls (an earlier lead's retry) go on.
    if (failing > 0 && (failingId === null || url.pathname.endsWith(`/${failingId}`))) {
      failing--;
      return error(500, 'An unexpected error has occurred. Please retry your request later.', 'OAuthException', 2);
    }
    const token = url.searchParams.get('access_token') ?? '';
    if (expired.has(token))
      return error(
        400,
        'Error validating access token: Session has expired on Saturday, 28-Nov-26 09:00:00 PST. The current time is Sunday, 29-Nov-26 02:00:00 PST.',
        'OAuthException',
        190,
        463,
      );
    const owner = [...pages.entries()].find(([, p]) => p.token === token);
    if (!owner) return error(400, 'Invalid OAuth access token - Cannot parse access token', 'OAuthException', 190);
    if (url.searchParams.get('appsecret_proof') !== createHmac('sha256', appSecret).update(token).digest('hex'))
      return error(400, 'Invalid appsecret_proof provided in the API argument', 'GraphMethodException', 100);
    const [pageId, page] = owner;
    const parts = url.pathname.split('/').filter(Boolean);
    if (/^v\d+\.\d+$/.test(parts[0] ?? '')) parts.shift();
    const id = parts[0] ?? '';
    const unknown = error(
      400,
      `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      'GraphMethodException',
      100,
      33,
    );
    if (method === 'POST') {
      if (parts.length !== 2 || parts[1] !== 'subscribed_apps' || id !== pageId) return unknown;
      subscribed.set(pageId, url.searchParams.get('subscribed_fields') ?? '');
      return [200, { success: true }];
    }
    if (parts.length === 2 && parts[1] === 'leadgen_forms') {
      if (id !== pageId) return unknown;
      return [
        200,
        {
          data: page.forms.map((f) => ({ id: f.id, name: f.name, status: f.status ?? 'ACTIVE', locale: 'en_US' })),
          paging: { cursors: { before: 'QVFIU', after: 'QVFIU' } },
        },
      ];
    }
    if (parts.length !== 1) return unknown;
    if (id === pageId) return [200, { id: pageId, name: page.name }];
    const form = page.forms.find((f) => f.id === id);
    if (form) return [200, { id: form.id, name: form.name, status: form.status ?? 'ACTIVE' }];
    const lead = leads.get(id);
    if (lead && lead.pageId === pageId)
      return [
        200,
        {
          created_time: lead.createdTime,
          id,
          ad_id: lead.adId ?? '238496385710',
          form_id: lead.formId,
          ...(lead.campaignName ? { campaign_name: lead.campaignName } : {}),
          field_data: Object.entries(lead.fields).map(([name, value]) => ({ name, values: [value] })),
        },
      ];
    return unknown;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    calls.push(url.pathname);
    const [status, body] = answer(url, req.method);
    setTimeout(() => res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body)), delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v22.0`,
    pages,
    leads,
    calls,
    /** The fields each page subscribed our app to (`POST /{page-id}/subscribed_apps`). */
    subscribed,
    expire: (token: string) => expired.add(token),
    /** The next `n` calls (for the object `id`, when given) answer Meta's transient 500. */
    failNext: (n: number, id: string | null = null) => {
      failing = n;
      failingId = id;
    },
    /** Every answer waits this long (so that concurrent takers overlap). */
    slow: (ms: number) => {
      delayMs = ms;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
