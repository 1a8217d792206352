import type { Decider } from '../../../commands/decider';
import { assertNever, forbidden } from '../../../shared/errors';
import type { ListingEmailOpenedHow, ListingMailEvent, ListingsSentToLead } from '../listing-mail.events';

/** The answer (403) when the lead's account turned e-mail off (the consent ledger). */
export const EMAIL_TURNED_OFF = 'This lead turned e-mail off, so listings cannot be e-mailed to them';
/** Clicks on the same listing of one e-mail closer together than this are one click (a double click, a mail scanner's second fetch). */
export const CLICK_DEDUP_MS = 60_000;

export type ListingMail = {
  readonly sent: ListingsSentToLead['data'] | null;
  readonly opened: boolean;
  /** When each listing was last recorded as clicked (ISO). */
  readonly lastClicks: ReadonlyMap<string, string>;
};

export type ListingMailCommand =
  | ({ readonly kind: 'send'; readonly emailAllowed: boolean } & ListingsSentToLead['data'])
  | { readonly kind: 'open'; readonly messageId: string; readonly how: Extract<ListingEmailOpenedHow, 'pixel'> }
  | { readonly kind: 'click'; readonly messageId: string; readonly pdid: string; readonly at: string };

export const initialListingMail = (): ListingMail => ({ sent: null, opened: false, lastClicks: new Map() });

export function evolveListingMail(s: ListingMail, e: ListingMailEvent): ListingMail {
  switch (e.type) {
    case 'ListingsSentToLead':
      return { ...s, sent: e.data };
    case 'ListingEmailOpened':
      return { ...s, opened: true };
    case 'ListingEmailClicked':
      return { ...s, lastClicks: new Map(s.lastClicks).set(e.data.pdid, e.data.at) };
    default:
      return assertNever(e);
  }
}

/**
 * Pure: an e-mail is recorded once per messageId (a retried request appends nothing), only to a
 * lead whose account lets us e-mail them; it is opened once (the first of its image or a link to
 * come back), and each click on one of its own listings is recorded, a repeat within a minute
 * once. What comes back for an e-mail never recorded, or for a listing it did not carry, is nothing.
 */
export function decideListingMail(c: ListingMailCommand, s: ListingMail): ListingMailEvent[] {
  switch (c.kind) {
    case 'send': {
      if (s.sent) return [];
      if (!c.emailAllowed) throw forbidden(EMAIL_TURNED_OFF);
      const { kind: _k, emailAllowed: _e, ...data } = c;
      return [{ type: 'ListingsSentToLead', data }];
    }
    case 'open':
      if (!s.sent || s.opened || s.sent.messageId !== c.messageId) return [];
      return [{ type: 'ListingEmailOpened', data: { ...owner(s.sent), how: c.how } }];
    case 'click': {
      const sent = s.sent;
      const i = sent && sent.messageId === c.messageId ? sent.pdids.indexOf(c.pdid) : -1;
      if (!sent || i < 0) return [];
      const opened: ListingMailEvent[] = s.opened ? [] : [{ type: 'ListingEmailOpened', data: { ...owner(sent), how: 'click' } }];
      const last = s.lastClicks.get(c.pdid);
      if (last !== undefined && Date.parse(c.at) - Date.parse(last) < CLICK_DEDUP_MS) return opened;
      return [...opened, { type: 'ListingEmailClicked', data: { ...owner(sent), pdid: c.pdid, address: sent.addresses[i] ?? c.pdid, at: c.at } }];
    }
    default:
      return assertNever(c);
  }
}

const owner = (d: ListingsSentToLead['data']) => ({ leadId: d.leadId, siteId: d.siteId, messageId: d.messageId });

export const listingMailDecider: Decider<ListingMail, ListingMailCommand, ListingMailEvent> = {
  initialState: initialListingMail,
  evolve: evolveListingMail,
  decide: decideListingMail,
};
