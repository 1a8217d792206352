import { readGenericMail } from './generic-mail';
import { digestId, emailIn, type LeadDraft, mergeDraft } from './lead-fields';
import { readLoose } from './loose-reading';
import { header, type MailView, viewOf } from './mail-view';
import { domainOf, isPortalAddress, portalOfAddress, portalVerified, senderVerified } from './portal-senders';
import { type InboundPortalMail, notRead, type PortalReading, readingOf } from './portal-reading';
import { readRealtorMail } from './realtor-mail';
import { readZillowMail } from './zillow-mail';

export const NOT_A_PORTAL = 'Not from a known portal sender, and the message carries no lead data a reader recognises';
export const UNVERIFIED = 'The sender could not be verified: the message failed both the SPF and the DKIM check';

const READERS: Readonly<Record<string, (v: MailView) => LeadDraft>> = {
  Zillow: readZillowMail,
  Trulia: readZillowMail,
  StreetEasy: readZillowMail,
  'Realtor.com': readRealtorMail,
};

/** Drops the addresses that are not the person's: the intake address itself and portal senders (relays stay). */
function personal(d: LeadDraft, v: MailView): LeadDraft {
  const intake = emailIn(v.mail.to);
  return { ...d, emails: d.emails.filter((e) => e !== intake && (!isPortalAddress(e) || /@convo\./.test(e))) };
}

/** The day a mail was sent (UTC): a portal sending the same notification twice sends it seconds apart. */
function dayOf(date: string): string {
  const t = Date.parse(date);
  return Number.isNaN(t) ? date : new Date(t).toISOString().slice(0, 10);
}

/** The message's own id: the sender's lead id when it gives one, else what makes this delivery this one. */
function withMailId(source: string, d: LeadDraft, v: MailView): LeadDraft {
  if (d.externalId) return d;
  const place = [d.street, d.zip, d.mlsNumber].filter(Boolean).join(' ');
  return { ...d, externalId: digestId(source, [v.sender, dayOf(v.date), d.emails[0] ?? d.phones[0], place]) };
}

/** Reads a lead notification e-mail: the portal's own format first, then any structured lead data it carries. */
export function readPortalEmail(mail: InboundPortalMail): PortalReading {
  const v = viewOf(mail);
  const portal = portalOfAddress(v.sender);
  if (portal) {
    if (!portalVerified(portal, mail.spf, mail.dkim, (name) => header(mail, name)))
      return notRead(`The message claims to come from ${portal.name} (${domainOf(v.sender)}) but neither SPF nor DKIM verifies it as ${portal.name}’s`);
    const own = READERS[portal.name]?.(v);
    const generic = readGenericMail(v).draft;
    const draft = personal(
      [own, generic, readLoose(v)].reduce<LeadDraft>((a, b) => (b ? mergeDraft(a, b) : a), { emails: [], phones: [] }),
      v,
    );
    return readingOf(portal.name, portal.name, withMailId(portal.name, draft, v));
  }
  const generic = readGenericMail(v);
  if (!generic.structured) return notRead(NOT_A_PORTAL);
  if (!senderVerified(mail.spf, mail.dkim)) return notRead(UNVERIFIED);
  const source = generic.source ?? (domainOf(v.sender) || 'E-mail');
  return readingOf(source, source, withMailId(source, personal(generic.draft, v), v));
}
