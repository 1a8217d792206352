import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '../../config/config';
import { CONFIG } from '../../runtime/tokens';
import { FacebookGraph, type GraphForm, type GraphLead, GraphError } from './graph.port';

const TIMEOUT_MS = 10_000;
/** Forms listed at most (a page's forms come newest first; older ones are rarely still running). */
const FORMS_MAX = 200;
/** Meta's codes for a token that no longer works: 190 (expired, revoked, changed password), 102 (session), 10 and 200-299 (permission withdrawn). */
const tokenCode = (code: number) => code === 190 || code === 102 || code === 10 || (code >= 200 && code <= 299);

type GraphErrorBody = { error?: { message?: unknown; type?: unknown; code?: unknown } };
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * The Graph API over fetch at FACEBOOK_GRAPH_URL (a versioned base such as
 * https://graph.facebook.com/v22.0). Each call carries the page token and, when
 * FACEBOOK_APP_SECRET is set, its appsecret_proof (Meta asks for it on server calls). The token
 * travels in the query as Meta documents; no URL is ever logged.
 */
@Injectable()
export class FetchFacebookGraph extends FacebookGraph {
  constructor(@Inject(CONFIG) private readonly config: Config) {
    super();
  }

  async page(pageId: string, token: string) {
    const body = (await this.get(`/${encodeURIComponent(pageId)}`, token, { fields: 'id,name' })) as { id?: unknown; name?: unknown };
    return { id: str(body.id), name: str(body.name) || pageId };
  }

  async subscribe(pageId: string, token: string): Promise<void> {
    await this.call('POST', `/${encodeURIComponent(pageId)}/subscribed_apps`, token, { subscribed_fields: 'leadgen' });
  }

  async forms(pageId: string, token: string): Promise<GraphForm[]> {
    const out: GraphForm[] = [];
    let after: string | null = null;
    do {
      const body = (await this.get(`/${encodeURIComponent(pageId)}/leadgen_forms`, token, {
        fields: 'id,name,status',
        limit: '50',
        ...(after ? { after } : {}),
      })) as { data?: unknown; paging?: { cursors?: { after?: unknown }; next?: unknown } };
      const page = Array.isArray(body.data) ? body.data : [];
      out.push(...page.map(formOf));
      after = body.paging?.next && typeof body.paging.cursors?.after === 'string' ? body.paging.cursors.after : null;
    } while (after && out.length < FORMS_MAX);
    return out;
  }

  async form(formId: string, token: string): Promise<GraphForm> {
    return formOf(await this.get(`/${encodeURIComponent(formId)}`, token, { fields: 'id,name,status' }));
  }

  async lead(leadgenId: string, token: string): Promise<GraphLead> {
    const body = (await this.get(`/${encodeURIComponent(leadgenId)}`, token, {
      fields: 'id,created_time,field_data,form_id,ad_id,campaign_name',
    })) as { id?: unknown; created_time?: unknown; field_data?: unknown; form_id?: unknown; ad_id?: unknown; campaign_name?: unknown };
    const fields = (Array.isArray(body.field_data) ? body.field_data : []).flatMap((f: { name?: unknown; values?: unknown }) =>
      typeof f?.name === 'string' ? [{ name: f.name, values: Array.isArray(f.values) ? f.values.map(str) : [] }] : [],
    );
    return {
      id: str(body.id) || leadgenId,
      createdTime: str(body.created_time),
      formId: str(body.form_id) || null,
      adId: str(body.ad_id) || null,
      campaignName: str(body.campaign_name) || null,
      fields,
    };
  }

  private get(path: string, token: string, query: Record<string, string>): Promise<unknown> {
    return this.call('GET', path, token, query);
  }

  private async call(method: 'GET' | 'POST', path: string, token: string, query: Record<string, string>): Promise<unknown> {
    const { graphUrl, appSecret } = this.config.facebook;
    const params = new URLSearchParams({ ...query, access_token: token });
    if (appSecret) params.set('appsecret_proof', createHmac('sha256', appSecret).update(token).digest('hex'));
    let res: Response;
    try {
      res = await fetch(`${graphUrl}${path}?${params}`, { method, signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (err) {
      throw new GraphError(`The Graph API could not be reached (${(err as Error).name})`, false, null);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    const error = (body as GraphErrorBody | null)?.error;
    if (!res.ok || error) {
      const code = typeof error?.code === 'number' ? error.code : Number(error?.code);
      const message = str(error?.message) || `The Graph API answered ${res.status}`;
      throw new GraphError(message.slice(0, 300), Number.isFinite(code) && tokenCode(code), res.status);
    }
    return body;
  }
}

function formOf(f: unknown): GraphForm {
  const o = (f ?? {}) as { id?: unknown; name?: unknown; status?: unknown };
  return { id: str(o.id), name: str(o.name) || str(o.id), status: str(o.status) || 'ACTIVE' };
}
