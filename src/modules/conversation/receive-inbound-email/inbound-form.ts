import { parseEmail } from '../../accounts';

/** Mailgun's inbound-route fields we read (the "forward" action's form). */
export type InboundForm = {
  readonly recipient: string;
  /** The From header's address, else the envelope sender; null when neither is an address. */
  readonly from: string | null;
  readonly subject: string;
  readonly bodyPlain: string | null;
  readonly strippedText: string | null;
  /** The message's Message-Id (without angle brackets), when Mailgun passed it on. */
  readonly messageId: string | null;
  readonly signature: { readonly timestamp: unknown; readonly token: unknown; readonly signature: unknown };
};

/** A form field as the parsers hand it over: one value, or the first of a repeated name. */
const field = (body: Record<string, unknown>, name: string): string | null => {
  const v = body[name];
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' ? one : null;
};

/** The address in "Nora Nguyen <nora@example.com>" or a bare one. */
const addressIn = (value: string | null): string | null => (value ? parseEmail(/<([^<>]+)>\s*$/.exec(value)?.[1] ?? value) : null);

function messageIdOf(body: Record<string, unknown>): string | null {
  let id = field(body, 'Message-Id') ?? field(body, 'message-id');
  if (!id) {
    try {
      const headers = JSON.parse(field(body, 'message-headers') ?? '[]') as unknown;
      const pair: unknown = Array.isArray(headers) ? headers.find((h) => Array.isArray(h) && String(h[0]).toLowerCase() === 'message-id') : undefined;
      id = Array.isArray(pair) && typeof pair[1] === 'string' ? pair[1] : null;
    } catch {
      id = null;
    }
  }
  const clean = typeof id === 'string' ? id.trim().replace(/^<|>$/g, '') : '';
  return clean && clean.length <= 500 ? clean : null;
}

export function readInboundForm(body: Record<string, unknown>): InboundForm {
  return {
    recipient: field(body, 'recipient') ?? '',
    from: addressIn(field(body, 'from')) ?? addressIn(field(body, 'sender')),
    subject: (field(body, 'subject') ?? field(body, 'Subject') ?? '').replace(/\s+/g, ' ').trim().slice(0, 300),
    bodyPlain: field(body, 'body-plain'),
    strippedText: field(body, 'stripped-text'),
    messageId: messageIdOf(body),
    signature: { timestamp: body.timestamp, token: body.token, signature: body.signature },
  };
}
