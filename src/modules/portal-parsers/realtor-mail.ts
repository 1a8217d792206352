import { readLabelledMail } from './labelled-fields';
import { emptyDraft, type LeadDraft, mergeDraft, splitName } from './lead-fields';
import { allLines, type MailView } from './mail-view';

/**
 * Realtor.com lead notifications: the text form labels every field ("First Name:", "Email Address:",
 * "Phone Number:", "Comment:", "Property Address:" and "MLSID #"); the HTML form shows "Name <b>…</b>",
 * then the person's words in quotes, the call and mail buttons and the listing, which the loose
 * reading takes.
 */
export function readRealtorMail(v: MailView): LeadDraft {
  const labelled = readLabelledMail(v);
  if (labelled.fullName || labelled.firstName) return labelled;
  const name = allLines(v)
    .map((l) => /^name\s+([^:].*)$/i.exec(l)?.[1])
    .find((n) => n && !n.includes('@'));
  return name ? mergeDraft(labelled, { ...emptyDraft(), fullName: name.trim(), ...splitName(name) }) : labelled;
}
