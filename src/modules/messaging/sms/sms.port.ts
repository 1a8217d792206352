/** A text (SMS) or, with a media URL, a video/picture message (MMS). `to` is a 10-digit US number. */
export type TextMessage = { readonly to: string; readonly body: string; readonly mediaUrl: string | null };

/** A reply a lead texted back, once the adapter has checked it came from the provider. */
export type InboundText = { readonly from: string; readonly body: string };

export type InboundRequest = {
  /** The public address the provider posted to (what it signed). */
  readonly url: string;
  /** The posted form; a name repeated in it has all its values. */
  readonly params: Readonly<Record<string, string | readonly string[]>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
};

/**
 * The SMS port: the Twilio adapter when TWILIO_* is configured, else the development outbox.
 * Callers check consent before `send` (the consent ledger on the user's stream).
 */
export abstract class SmsSender {
  abstract send(message: TextMessage): Promise<{ providerId: string }>;
  /** The reply, or null when the request is not a genuine one from the provider. */
  abstract parseInbound(req: InboundRequest): InboundText | null;
}

/** 10 digits as E.164 (+1, North America). */
export const e164 = (digits: string): string => (digits.startsWith('+') ? digits : `+1${digits}`);

/** Back to our 10 digits from what a provider sends (+1XXXXXXXXXX), or null. */
export function tenDigits(phone: string): string | null {
  const d = phone.replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) return d.slice(1);
  return d.length === 10 ? d : null;
}

/** The carrier opt-out words (CTIA): a reply of one of them revokes text consent. */
export const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
export const isStopReply = (body: string): boolean => STOP_WORDS.has(body.trim().toUpperCase().replace(/[^A-Z]/g, ''));
