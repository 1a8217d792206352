/**
 * The lead's own words in an e-mail reply, for reading consent: the reply arrives with its quoted
 * history already cut (Mailgun's stripped-text, or the conversation's trimmer); what is left to
 * cut is the signature under it. A signature or a company's legal footer often says
 * "unsubscribe" or "opt out" about someone else's mail, and must never revoke ours.
 *
 * No maintained reply-parsing library is installed, so this is a small set of rules, cut at the
 * first of:
 * - the signature delimiter "--" (alone on its line);
 * - a sign-off line ("Thanks,", "Best regards", "Saludos") with at most 8 short lines under it
 *   (a name, a title, a number); a sign-off further up is part of the message;
 * - a legal footer's first line ("CONFIDENTIALITY NOTICE", "This e-mail and any attachments…",
 *   "Este mensaje es confidencial…").
 * The first line is never cut: a reply that is only "Thanks" stays "Thanks".
 */
const SIGN_OFF =
  /^(thanks|thank you|thanks again|many thanks|thx|ty|best|best regards|kind regards|warm regards|warmly|regards|cheers|sincerely|all the best|take care|respectfully|gracias|muchas gracias|saludos|un saludo|atentamente|cordialmente)( so much)?\s*[,.!]?\s*$/i;
const FOOTER =
  /^(confidentiality( notice)?\b|disclaimer\b|this (e-?mail|message)\b.{0,60}\b(confidential|intended|attachments?)\b|este (correo|mensaje)\b.{0,60}\bconfidencial)/i;
const DELIMITER = /^--\s*$/;
/** A signature's lines are a name, a title, a number: a long line under a sign-off is still the message. */
const SIGNATURE_LINES = 8;
const SIGNATURE_LINE_CHARS = 80;

function isSignOff(lines: readonly string[], i: number): boolean {
  if (!SIGN_OFF.test(lines[i]!.trim())) return false;
  const under = lines.slice(i + 1).filter((l) => l.trim());
  return under.length <= SIGNATURE_LINES && under.every((l) => l.trim().length <= SIGNATURE_LINE_CHARS);
}

export function emailReplyWords(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => l.trim());
  if (first < 0) return '';
  let cut = lines.length;
  for (let i = first + 1; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (DELIMITER.test(t) || FOOTER.test(t) || isSignOff(lines, i)) {
      cut = i;
      break;
    }
  }
  return lines.slice(0, cut).join('\n').trim();
}
