import type { Sealed } from '../../shared/sealed-box';

/**
 * Facebook pages an office connected, one stream per page, `fbpage-{pageId}`:
 * a page belongs to at most one office at a time. The page access token is sealed (never in the
 * clear in the store, never shown back); Meta refusing it marks the page for reconnection with
 * Meta's words; each lead form may carry the source name its leads are filed under.
 */
export type FacebookPageConnected = {
  readonly type: 'FacebookPageConnected';
  readonly data: { readonly pageId: string; readonly officeId: string; readonly byUserId: string; readonly name: string; readonly token: Sealed };
};
export type FacebookPageDisconnected = {
  readonly type: 'FacebookPageDisconnected';
  readonly data: { readonly pageId: string; readonly officeId: string; readonly byUserId: string };
};
export type FacebookPageTokenRefused = {
  readonly type: 'FacebookPageTokenRefused';
  readonly data: { readonly pageId: string; readonly officeId: string; readonly reason: string };
};
export type FacebookFormSourceNamed = {
  readonly type: 'FacebookFormSourceNamed';
  readonly data: { readonly pageId: string; readonly officeId: string; readonly formId: string; readonly source: string };
};
/**
 * The page's lead forms as the Graph API listed them when the page was connected, when the
 * broker refreshed them, or when its forms were shown: what the lead-flow screen offers a rule
 * for, so reading that screen asks Meta nothing.
 */
export type FacebookPageFormsListed = {
  readonly type: 'FacebookPageFormsListed';
  readonly data: { readonly pageId: string; readonly officeId: string; readonly forms: readonly { readonly formId: string; readonly name: string }[] };
};
export type FacebookPageEvent = FacebookPageConnected | FacebookPageDisconnected | FacebookPageTokenRefused | FacebookFormSourceNamed | FacebookPageFormsListed;
export const facebookPageEventTypes = [
  'FacebookPageConnected',
  'FacebookPageDisconnected',
  'FacebookPageTokenRefused',
  'FacebookFormSourceNamed',
  'FacebookPageFormsListed',
] as const satisfies readonly FacebookPageEvent['type'][];
export const facebookPageStream = (pageId: string) => `fbpage-${pageId}`;

/**
 * A lead ad's lead, once its answers were read from the Graph API and taken in as a lead: one
 * stream per leadgen id, `fblead-{leadgenId}` (written once: a Meta retry delivers nothing new).
 * Ids and names only: the person's answers live on the lead.
 */
export type FacebookLeadDelivered = {
  readonly type: 'FacebookLeadDelivered';
  readonly data: {
    readonly leadgenId: string;
    readonly pageId: string;
    readonly officeId: string;
    readonly formId: string;
    readonly formName: string;
    readonly source: string;
    readonly adId: string | null;
    readonly campaignName: string | null;
    readonly leadId: string;
    readonly created: boolean;
    /** When the person sent the form (Meta's created_time). */
    readonly submittedAt: string;
  };
};
export const facebookLeadStream = (leadgenId: string) => `fblead-${leadgenId}`;
