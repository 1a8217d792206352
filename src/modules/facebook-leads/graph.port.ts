/** One answer of a lead form (Meta's `field_data` entry). */
export type LeadField = { readonly name: string; readonly values: readonly string[] };
/** A lead as `GET /{leadgen_id}` answers it (the fields this product reads). */
export type GraphLead = {
  readonly id: string;
  readonly createdTime: string;
  readonly formId: string | null;
  readonly adId: string | null;
  readonly campaignName: string | null;
  readonly fields: readonly LeadField[];
};
export type GraphForm = { readonly id: string; readonly name: string; readonly status: string };

/**
 * Meta's error (`{error:{message,type,code}}`) or an unreachable Graph API. `tokenRefused`: the
 * page token no longer works (OAuthException, code 190 and its kin), which only a reconnection
 * by the broker mends; anything else may pass on a later try.
 */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly tokenRefused: boolean,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

/**
 * The Graph API as this product uses it for lead ads, with a page's access token: the page's
 * name (to check a token when it is connected), the page's subscription to our webhook, its lead forms, one form's name, one lead's
 * answers. The adapter speaks HTTP to FACEBOOK_GRAPH_URL; tests point that at a local server
 * answering in Meta's shapes.
 */
export abstract class FacebookGraph {
  abstract page(pageId: string, token: string): Promise<{ id: string; name: string }>;
  /** Installs our app on the page for its `leadgen` field (`POST /{page-id}/subscribed_apps`), so that Meta sends its leads to our webhook. */
  abstract subscribe(pageId: string, token: string): Promise<void>;
  abstract forms(pageId: string, token: string): Promise<GraphForm[]>;
  abstract form(formId: string, token: string): Promise<GraphForm>;
  abstract lead(leadgenId: string, token: string): Promise<GraphLead>;
}
