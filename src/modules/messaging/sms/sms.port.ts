import { phoneE164 } from '../../../contract/phone-number';

/**
 * A text (SMS) or, with a media URL, a video/picture message (MMS). `to` is a 10-digit US number;
 * `from` a site's own texting number (E.164), else the provider's default.
 */
export type TextMessage = { readonly to: string; readonly body: string; readonly mediaUrl: string | null; readonly from?: string | null };

/**
 * A text a lead sent, once the adapter has checked it came from the provider: who sent it, the
 * number it was sent to, the provider's id for it (the same id again is the same message) and
 * its media, at the provider's addresses (fetched through `fetchMedia`).
 */
export type InboundText = {
  readonly from: string;
  readonly to: string;
  readonly body: string;
  readonly providerId: string;
  readonly media: readonly { readonly url: string; readonly contentType: string }[];
};

export type InboundRequest = {
  /** The public address the provider posted to (what it signed). */
  readonly url: string;
  /** The posted form; a name repeated in it has all its values. */
  readonly params: Readonly<Record<string, string | readonly string[]>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
};

/** The provider's word on one of our texts (its status callback), once the adapter has checked it came from the provider. */
export type StatusReport = { readonly providerId: string; readonly status: string; readonly errorCode: number | null };

/**
 * The SMS port: the Twilio adapter when TWILIO_* is configured, else the development outbox.
 * Callers check consent before `send` (the consent ledger on the user's stream).
 */
export abstract class SmsSender {
  abstract send(message: TextMessage): Promise<{ providerId: string }>;
  /** The reply, or null when the request is not a genuine one from the provider. */
  abstract parseInbound(req: InboundRequest): InboundText | null;
  /** A status callback, or null when the request is not a genuine one from the provider. */
  abstract parseStatus(req: InboundRequest): StatusReport | null;
  /** The bytes of an inbound MMS's media (one of `InboundText.media`), or null when it cannot be had or is over `maxBytes`. */
  abstract fetchMedia(url: string, maxBytes: number): Promise<Buffer | null>;
}

/** A number the CRM stores (ten digits, or E.164) as the E.164 the provider takes; what is no number goes as it is, for the provider to refuse. */
export const e164 = (phone: string): string => phoneE164(phone) ?? phone;

/** The key a text thread matches its sender by: the number as the CRM stores it (ten digits, or E.164 for another country's). */
export { storedPhone as threadKey } from '../../../contract/phone-number';

/** The carrier opt-out words (CTIA): a reply of one of them revokes text consent. */
export const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
/**
 * Opt back in and ask for help (CTIA; Twilio's defaults but YES, which leads answer questions
 * with: "Yes" stays a message for the agent).
 */
export const START_WORDS = new Set(['START', 'UNSTOP']);
export const HELP_WORDS = new Set(['HELP', 'INFO']);
const keywordOf = (body: string): string =>
  body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

/** A reply that is only a carrier keyword: it acts on consent or asks for help, and is not a message to the agent. */
export function carrierKeyword(body: string): 'stop' | 'start' | 'help' | null {
  const k = keywordOf(body);
  if (STOP_WORDS.has(k)) return 'stop';
  if (START_WORDS.has(k)) return 'start';
  if (HELP_WORDS.has(k)) return 'help';
  return null;
}
