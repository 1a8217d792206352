// The line that introduces a quoted message, in the mail programs' own words (English first; a
// few languages Gmail and Apple Mail use). It may be wrapped over up to three lines.
const ATTRIBUTION = [/^On\b.{4,300}\bwrote:$/is, /^Am\b.{4,300}\bschrieb\b.{0,200}:$/is, /^Le\b.{4,300}\ba écrit ?:$/is, /^El\b.{4,300}\bescribió:$/is];
const ORIGINAL_MESSAGE = /^-{2,}\s*(Original Message|Forwarded message|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}$/i;
const HEADER_FROM = /^\*?(From|De|Von):\*?\s/;
const HEADER_REST = /^\*?(Sent|Date|To|Subject|Cc|Envoyé|Gesendet|Objet|Betreff|À|An):\*?\s/;
const RULE = /^_{8,}$/;
// What phones and apps add under the text; nothing after it is the person's.
const APP_SIGNATURE =
  /^(Sent from my \w[\w ]{0,30}|Sent from (Mail|Outlook|Yahoo Mail)\b.*|Get Outlook for (iOS|Android)\b.*|Von meinem iPhone gesendet|Envoyé de mon iPhone)$/i;
const QUOTED = /^\s*>/;

const unquote = (line: string) => line.replace(/^(\s*>)+\s?/, '').trim();

/** Line i starts an attribution ("On Mon, Nov 23, 2026 at 9:14 AM Jane <…> wrote:"), possibly wrapped. */
function isAttribution(lines: readonly string[], i: number): boolean {
  let joined = '';
  for (let j = i; j < Math.min(lines.length, i + 3); j++) {
    const part = unquote(lines[j]!);
    if (!part) return false;
    joined = joined ? `${joined} ${part}` : part;
    if (ATTRIBUTION.some((re) => re.test(joined))) return true;
  }
  return false;
}

/** Line i starts a block of message headers (From:, then Sent:/Date:/To:/Subject: within the next lines), as Outlook quotes. */
function isHeaderBlock(lines: readonly string[], i: number): boolean {
  if (!HEADER_FROM.test(lines[i]!.trim())) return false;
  let rest = 0;
  for (let j = i + 1; j < Math.min(lines.length, i + 6); j++) if (HEADER_REST.test(lines[j]!.trim())) rest++;
  return rest >= 2;
}

/**
 * The new words of a reply, without what it quotes: everything from the first mark of quoted
 * history or of a signature on is cut (an attribution line "On … wrote:" however the program
 * wraps it, Outlook's "-----Original Message-----" or its header block under a rule, the
 * signature delimiter "-- ", "Sent from my iPhone"), then every line quoted with ">" goes. A
 * reply that would be left empty keeps its whole text: better too much than nothing.
 */
export function trimQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (line === '-- ' || line === '--' || ORIGINAL_MESSAGE.test(t) || APP_SIGNATURE.test(t) || isAttribution(lines, i) || isHeaderBlock(lines, i)) {
      cut = i;
      break;
    }
    if (RULE.test(t) && i + 1 < lines.length && isHeaderBlock(lines, i + 1)) {
      cut = i;
      break;
    }
  }
  const kept = lines
    .slice(0, cut)
    .filter((l) => !QUOTED.test(l))
    .join('\n')
    .replace(/[ \t]+$/gm, '')
    .trim();
  return kept || text.trim();
}

/** The new text of an inbound e-mail: Mailgun's `stripped-text` when it has one, else the plain body trimmed by us. */
export function newTextOf(form: { readonly strippedText: string | null; readonly bodyPlain: string | null }): string {
  const stripped = form.strippedText?.trim();
  if (stripped) return stripped;
  return form.bodyPlain ? trimQuotedHistory(form.bodyPlain) : '';
}
