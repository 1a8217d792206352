import { readLabelled } from './labelled-fields';
import { type LeadDraft, emptyDraft, impliedType, isFullAddress, mergeDraft, parseAddress, parsePrice, splitName } from './lead-fields';
import { allLines, type MailView } from './mail-view';

const SUBJECT = /new realtor\.com lead\s*[-–—:]\s*(.+)$/i;

/**
 * Realtor.com lead notifications: the text form labels every field ("First Name:", "Email Address:",
 * "Phone Number:", "Comment:", "Property Address:" and "MLSID #"); the HTML form shows "Name <b>…</b>",
 * the person's words in quotes, the call and mail buttons, then the listing (MLS ID, address, price).
 */
export function readRealtorMail(v: MailView): LeadDraft {
  const labelled = mergeDraft(readLabelled(v.textLines), readLabelled(v.htmlLines));
  const d = emptyDraft();
  const lines = allLines(v);
  const subject = SUBJECT.exec(v.mail.subject.trim());
  const nameLine = lines.map((l) => /^name\s+([^:].*)$/i.exec(l)?.[1]).find((n) => n && !n.includes('@'));
  const name = labelled.fullName ?? nameLine ?? subject?.[1];
  if (name && !labelled.firstName) Object.assign(d, { fullName: name.trim(), ...splitName(name) });
  const quoted = lines.map((l) => /^["“](.+)["”]$/.exec(l)?.[1]).find(Boolean);
  if (quoted) d.message = quoted;
  const address = lines.find((l) => isFullAddress(l));
  if (address) Object.assign(d, parseAddress(address));
  const priceLine = lines.find((l) => /^\$\s?\d/.test(l));
  if (priceLine) d.price = parsePrice(priceLine);
  const merged = mergeDraft(labelled, d);
  merged.type ??= impliedType(merged.message, priceLine, v.mail.subject);
  return merged;
}
