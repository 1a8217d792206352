import { readLabelledMail } from './labelled-fields';
import { type LeadDraft, emptyDraft, impliedType, isFullAddress, mergeDraft, parseAddress, splitName } from './lead-fields';
import { isPersonName } from './loose-reading';
import { allLines, type MailView } from './mail-view';

// Zillow Rentals (and Trulia, HotPads) relay each conversation through its own address at
// convo.zillow.com: it reaches the person, and replies land in their Zillow inbox too.
const RELAY = /@convo\.(zillow|trulia|hotpads)\.com$/;
const RENTAL_MARKERS = /^(move in|move-in date|lease length|credit score|income|number of occupants|pets|send application)\b/i;
// The renter's answers Zillow shows under the message, as "Label" then "value" cells.
const RENTER_ANSWERS = ['Move in', 'Lease length', 'Number of occupants', 'Number of bedrooms', 'Pets', 'Credit score', 'Income'];

/** "Move in: Oct 01, 2025" lines for the answers the mail shows, in Zillow's order. */
function renterAnswers(lines: readonly string[]): string[] {
  return RENTER_ANSWERS.flatMap((label) => {
    const at = lines.findIndex((l) => l.toLowerCase() === label.toLowerCase() || l.toLowerCase().startsWith(`${label.toLowerCase()}:`));
    if (at < 0) return [];
    const inline = lines[at]!.slice(label.length).replace(/^:\s*/, '').trim();
    const value = inline || lines[at + 1];
    return value ? [`${label}: ${value}`] : [];
  });
}

/** "Name is requesting information about 1919 W Diamond St #2, Philadelphia, PA, 19121" */
const SUBJECT =
  /^(?:new (?:zillow |trulia )?lead:\s*)?(.+?) (?:is requesting (?:information|an application|a tour) (?:about|for)|requested an application for|wants to tour|is interested in) (.+)$/i;

/**
 * Zillow group notifications (Zillow, Trulia, HotPads, StreetEasy): the person's words follow
 * "Name says:", the property is in the subject or the "Property:" line, and the reply address of a
 * rental conversation is the relay that reaches the person.
 */
export function readZillowMail(v: MailView): LeadDraft {
  const d = emptyDraft();
  const lines = allLines(v);
  const subject = SUBJECT.exec(v.mail.subject.trim());
  if (subject) {
    d.fullName = subject[1]!.trim();
    if (isFullAddress(subject[2]!) || /\d/.test(subject[2]!)) Object.assign(d, parseAddress(subject[2]!));
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = line.indexOf(' says:');
    if (at < 0) continue;
    const before = line.slice(0, at);
    const cut = before.lastIndexOf('. ');
    const place = cut >= 0 ? before.slice(0, cut) : '';
    const speaker = (cut >= 0 ? before.slice(cut + 2) : before).trim();
    if (isPersonName(speaker)) d.fullName ??= speaker;
    if (place && !d.street) Object.assign(d, parseAddress(place));
    d.message = line.slice(at + ' says:'.length).trim() || lines[i + 1];
    break;
  }
  const relay = [v.replyTo, v.sender].find((a) => a && RELAY.test(a));
  if (relay) {
    d.emails.push(relay);
    d.fullName ??= v.senderName;
  }
  if (d.fullName) Object.assign(d, splitName(d.fullName));
  const labelled = readLabelledMail(v);
  const merged = mergeDraft(d, labelled);
  const answers = renterAnswers(lines);
  if (answers.length) merged.message = [merged.message, ...answers].filter(Boolean).join('\n');
  merged.type ??= lines.some((l) => RENTAL_MARKERS.test(l)) || relay ? 'Renter' : impliedType(merged.message, v.mail.subject);
  return merged;
}
