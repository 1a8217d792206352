import { ERASED, ERASED_NAME, type PersonalFields, type PersonalFieldsRule, type Placeholder } from '../../eventstore/personal-data/personal-fields';

import { erasedAddress } from './privacy.events';

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Data about a lead (its lead id names the key; the user id, when there, the account it belongs to). */
const aboutLead = (fields: Record<string, Placeholder>): PersonalFieldsRule => ({
  subject: (d) => str(d.leadId),
  owner: (d) => str(d.userId),
  fields,
});
/** An account's own data. */
const aboutAccount = (fields: Record<string, Placeholder>): PersonalFieldsRule => ({ subject: (d) => str(d.userId), fields });

const name = ERASED_NAME;
const address: Placeholder = (d) => erasedAddress(String(d.userId));
const text = ERASED;

/**
 * Issue 18: the personal fields of every event type, and whose person they are. The event store
 * seals these (src/eventstore/personal-data/); everything else stays in the clear so the history
 * and the read models keep working. A new event type carrying a name, an address, a phone, words
 * a person wrote or a link to their upload is added here (personal-fields.unit.spec.ts checks the
 * names are real event types). An agent's notes, texts and e-mails about a lead are sealed under
 * the lead's key: they go with the lead.
 */
export const personalFields: PersonalFields = new Map<string, PersonalFieldsRule>([
  // Accounts.
  ['UserRegistered', aboutAccount({ email: address, firstName: 'Erased', lastName: 'person', cellPhone: text })],
  ['CellPhoneChanged', aboutAccount({ cellPhone: text })],
  ['PhotoChanged', aboutAccount({ photoLocation: text })],
  ['EmailVerified', aboutAccount({ email: address })],
  ['ConsentChanged', aboutAccount({ from: text })],
  ['SocialIdentityLinked', aboutAccount({ subject: text })],
  ['WebPushSubscribed', aboutAccount({ endpoint: text, p256dh: text, auth: text })],
  ['AccountNoteAdded', aboutAccount({ text })],
  ['WelcomeEmailSent', aboutAccount({ to: text })],
  ['InvoiceEmailed', aboutAccount({ to: text })],
  // A merge: each folded lead's name then (`leads[].mergedName`), under that lead's own key.
  ['AccountsMerged', { subject: () => undefined, fields: {}, nested: { 'leads[]': { subject: (d) => str(d.mergedLeadId), fields: { mergedName: name } } } }],
  // A lead.
  ['LeadCaptured', aboutLead({ fullName: name, email: text, phone: text })],
  ['InquirySubmitted', aboutLead({ fullName: name, email: text, phone: text, message: text, resumeUrl: text })],
  ['LeadContactEdited', aboutLead({ fullName: name, email: text, phone: text })],
  ['LeadTagsChanged', aboutLead({ tags: [] })],
  ['LeadNoteWritten', aboutLead({ text })],
  ['LeadNoteEdited', aboutLead({ text })],
  ['ChatMessageSent', aboutLead({ text })],
  ['TextMessageSent', aboutLead({ body: text, mediaUrl: text })],
  ['TextMessageReceived', aboutLead({ from: text, body: text, media: [] })],
  ['LeadEmailSent', aboutLead({ subject: text, body: text })],
  ['LeadEmailReceived', aboutLead({ from: text, subject: text, body: text, attachments: [] })],
  ['CallLogged', aboutLead({ notes: text })],
  ['ListingsSentToLead', aboutLead({ note: text })],
  ['TaskCreated', aboutLead({ title: text })],
  ['TaskRetitled', aboutLead({ title: text })],
  ['ShowingProposed', aboutLead({ message: text })],
  // A signature through the lead's link: the typed name, the address and browser it came from.
  ['BuyerAgreementSigned', aboutLead({ name, ipAddress: text, userAgent: text })],
  // A seller's home: where it is, as they gave it.
  ['HomeValueRequested', aboutLead({ address: text, latitude: null, longitude: null })],
  // The lead's own organizer.
  ['SavedSearchSaved', aboutLead({ name: text })],
  ['SavedSearchRenamed', aboutLead({ name: text })],
  ['ListingNoteWritten', aboutLead({ note: text })],
  ['ListingShared', aboutLead({ toEmail: text, message: text })],
  ['ShowingRequested', aboutLead({ message: text })],
  ['NotebookCreated', aboutLead({ name: text })],
  // A listing report e-mailed to its seller (who need not be a lead): under the send's own key.
  ['ListingReportEmailed', { subject: (d) => str(d.sendId), fields: { sellerName: name, sellerEmail: text, note: text } }],
  // What came to an office's intake and could not be read: no person's key yet, sealed under its own.
  ['IntakeDeliveryKept', { subject: (d) => str(d.deliveryId), fields: { from: text, subject: text, text, prefill: null } }],
]);
