import type { Decider } from '../../commands/decider';
import type { EventStore } from '../../eventstore/event-store.port';
import { conflict, notFound } from '../../shared/errors';
import type { Sealed } from '../../shared/sealed-box';
import type { GraphForm } from './graph.port';
import { type FacebookLeadDelivered, facebookLeadStream, type FacebookPageEvent, facebookPageStream } from './facebook-leads.events';

export type FacebookPage =
  | { readonly connected: false; readonly officeId: string | null }
  | {
      readonly connected: true;
      readonly pageId: string;
      readonly officeId: string;
      readonly name: string;
      readonly token: Sealed;
      /** Meta's words when it last refused the token; null while it works. */
      readonly refused: string | null;
      readonly sources: Readonly<Record<string, string>>;
      /** Its lead forms (id → name) as last listed from the Graph API. */
      readonly forms: Readonly<Record<string, string>>;
    };

export const PAGE_HELD = 'This Facebook page is connected to another office';
export const PAGE_NOT_CONNECTED = 'This Facebook page is not connected to your office';

export type PageCommand =
  | { readonly kind: 'connect'; readonly pageId: string; readonly officeId: string; readonly byUserId: string; readonly name: string; readonly token: Sealed }
  | { readonly kind: 'disconnect'; readonly officeId: string; readonly byUserId: string }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'name-form'; readonly officeId: string; readonly formId: string; readonly source: string }
  | { readonly kind: 'forms-listed'; readonly officeId: string; readonly forms: readonly GraphForm[] };

export function evolveFacebookPage(s: FacebookPage, e: FacebookPageEvent): FacebookPage {
  switch (e.type) {
    case 'FacebookPageConnected':
      // A reconnection keeps the forms' source names.
      return {
        connected: true,
        ...e.data,
        refused: null,
        sources: s.connected && s.officeId === e.data.officeId ? s.sources : {},
        forms: s.connected && s.officeId === e.data.officeId ? s.forms : {},
      };
    case 'FacebookPageDisconnected':
      return { connected: false, officeId: null };
    case 'FacebookPageTokenRefused':
      return s.connected ? { ...s, refused: e.data.reason } : s;
    case 'FacebookFormSourceNamed':
      return s.connected ? { ...s, sources: { ...s.sources, [e.data.formId]: e.data.source } } : s;
    case 'FacebookPageFormsListed':
      return s.connected ? { ...s, forms: Object.fromEntries(e.data.forms.map((f) => [f.formId, f.name])) } : s;
  }
}

/** Another office's page is refused (409); the holding office may connect it again with a new token (a reconnection). */
export function decideFacebookPage(c: PageCommand, s: FacebookPage): FacebookPageEvent[] {
  switch (c.kind) {
    case 'connect':
      if (s.connected && s.officeId !== c.officeId) throw conflict(PAGE_HELD);
      return [{ type: 'FacebookPageConnected', data: { pageId: c.pageId, officeId: c.officeId, byUserId: c.byUserId, name: c.name, token: c.token } }];
    case 'disconnect':
      if (!s.connected || s.officeId !== c.officeId) throw notFound(PAGE_NOT_CONNECTED);
      return [{ type: 'FacebookPageDisconnected', data: { pageId: s.pageId, officeId: s.officeId, byUserId: c.byUserId } }];
    case 'refused':
      if (!s.connected || s.refused === c.reason) return [];
      return [{ type: 'FacebookPageTokenRefused', data: { pageId: s.pageId, officeId: s.officeId, reason: c.reason } }];
    case 'name-form':
      if (!s.connected || s.officeId !== c.officeId) throw notFound(PAGE_NOT_CONNECTED);
      if (s.sources[c.formId] === c.source) return [];
      return [{ type: 'FacebookFormSourceNamed', data: { pageId: s.pageId, officeId: s.officeId, formId: c.formId, source: c.source } }];
    case 'forms-listed': {
      if (!s.connected || s.officeId !== c.officeId) throw notFound(PAGE_NOT_CONNECTED);
      const forms = c.forms.map((f) => ({ formId: f.id, name: f.name.slice(0, 200) }));
      const same = forms.length === Object.keys(s.forms).length && forms.every((f) => s.forms[f.formId] === f.name);
      return same ? [] : [{ type: 'FacebookPageFormsListed', data: { pageId: s.pageId, officeId: s.officeId, forms } }];
    }
  }
}

export const facebookPageDecider: Decider<FacebookPage, PageCommand, FacebookPageEvent> = {
  initialState: () => ({ connected: false, officeId: null }),
  evolve: evolveFacebookPage,
  decide: decideFacebookPage,
};

export async function loadFacebookPage(store: EventStore, pageId: string): Promise<FacebookPage> {
  const events = (await store.readStream(facebookPageStream(pageId))) as unknown as FacebookPageEvent[];
  return events.reduce(evolveFacebookPage, facebookPageDecider.initialState());
}

/** A lead is delivered once: a second delivery of the same leadgen id appends nothing. */
export const facebookLeadDecider: Decider<FacebookLeadDelivered['data'] | null, FacebookLeadDelivered['data'], FacebookLeadDelivered> = {
  initialState: () => null,
  evolve: (_s, e) => e.data,
  decide: (c, s) => (s ? [] : [{ type: 'FacebookLeadDelivered', data: c }]),
};
export { facebookLeadStream };
