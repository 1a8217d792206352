import type { MailMessage, TextMessage } from '../../messaging';

/** What a lead sent, as a notice tells it: by which channel, the new words, what came with them. */
export type Reply = {
  readonly kind: 'text' | 'email';
  readonly body: string;
  /** An e-mail's subject; '' for texts. */
  readonly subject: string;
  /** MMS pictures or e-mail attachments kept. */
  readonly attachments: number;
};

export type ReplyNoticeFacts = {
  readonly leadId: string;
  readonly leadName: string;
  readonly reply: Reply;
  /** PUBLIC_URL: the dashboard's address. */
  readonly baseUrl: string;
};

/** At most this much of the lead's words goes into an e-mail notice, and this much into a text. */
export const MAIL_EXCERPT = 500;
export const TEXT_EXCERPT = 100;

const excerpt = (text: string, max: number): string => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
const conversationUrl = (f: ReplyNoticeFacts) => `${f.baseUrl.replace(/\/$/, '')}/dashboard?lead=${encodeURIComponent(f.leadId)}&chat=1`;
const how = (r: Reply) => (r.kind === 'text' ? 'by text' : 'by e-mail');
const carrying = (r: Reply) =>
  r.attachments === 0
    ? ''
    : r.kind === 'text'
      ? ` (with ${r.attachments === 1 ? 'a picture' : `${r.attachments} pictures`})`
      : ` (with ${r.attachments === 1 ? 'an attachment' : `${r.attachments} attachments`})`;
const said = (r: Reply, max: number) => excerpt(r.body, max) || (r.attachments > 0 ? '(no words)' : '(empty)');

/**
 * The e-mail telling the agent a lead replied: who, how, the start of what they said (the whole
 * conversation is one click away) and where to change these notices. Plain text, so nothing the
 * lead wrote is ever HTML.
 */
export function replyNoticeMail(to: string, f: ReplyNoticeFacts): MailMessage {
  const r = f.reply;
  const subject = r.kind === 'text' ? `New text from ${f.leadName}` : `New e-mail from ${f.leadName}${r.subject ? `: ${excerpt(r.subject, 120)}` : ''}`;
  return {
    to,
    subject,
    text: [
      `${f.leadName} replied ${how(r)}${carrying(r)}:`,
      '',
      said(r, MAIL_EXCERPT),
      '',
      `Answer in the conversation: ${conversationUrl(f)}`,
      '',
      'You get these e-mails because of your reply notices in the dashboard (Settings); change them there.',
    ].join('\n'),
  };
}

/** The text telling the agent a lead replied: short, with the link to answer. */
export function replyNoticeText(to: string, f: ReplyNoticeFacts): TextMessage {
  return {
    to,
    body: `${f.leadName} replied ${how(f.reply)}${carrying(f.reply)}: "${said(f.reply, TEXT_EXCERPT)}" Answer: ${conversationUrl(f)}`,
    mediaUrl: null,
  };
}
