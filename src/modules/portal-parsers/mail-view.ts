import { htmlToText, textLines } from './html-text';
import { addressOf, displayNameOf } from './portal-senders';
import type { InboundPortalMail } from './portal-reading';

/** One inbound mail as the readers see it: the sender and both parts as lines. */
export type MailView = {
  readonly mail: InboundPortalMail;
  readonly sender: string;
  readonly senderName: string | undefined;
  readonly replyTo: string | undefined;
  readonly date: string;
  /** The text part; '' marks a paragraph break. */
  readonly textLines: readonly string[];
  /** The HTML part's visible lines (table layouts carry no paragraph breaks worth keeping). */
  readonly htmlLines: readonly string[];
};

/** A header by name, whatever its case. */
export function header(mail: InboundPortalMail, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const key = Object.keys(mail.headers).find((k) => k.toLowerCase() === wanted);
  return key === undefined ? undefined : mail.headers[key];
}

/** Lines with one '' for each run of blank lines. */
function paragraphLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = textLines(raw)[0] ?? '';
    if (line === '' && (out.length === 0 || out.at(-1) === '')) continue;
    out.push(line);
  }
  if (out.at(-1) === '') out.pop();
  return out;
}

// Notifications are a few kilobytes; the rest of an oversized mail is not read.
const MAX_PART = 500_000;

export function viewOf(mail: InboundPortalMail): MailView {
  const replyTo = header(mail, 'reply-to');
  return {
    mail,
    sender: addressOf(mail.from),
    senderName: displayNameOf(mail.from),
    replyTo: replyTo ? addressOf(replyTo) || undefined : undefined,
    date: header(mail, 'date') ?? '',
    textLines: paragraphLines((mail.text ?? '').slice(0, MAX_PART)),
    htmlLines: mail.html ? textLines(htmlToText(mail.html.slice(0, MAX_PART))) : [],
  };
}

/** Both parts, text first: what a reader scans when it looks for a line. */
export const allLines = (v: MailView): readonly string[] => [...v.textLines.filter((l) => l !== ''), ...v.htmlLines];
