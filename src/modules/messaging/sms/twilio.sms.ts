import { createHmac, timingSafeEqual } from 'node:crypto';
import { type InboundRequest, type InboundText, SmsSender, type StatusReport, type TextMessage, e164 } from './sms.port';

/** Where Twilio posts what became of each text (contract section 13), under PUBLIC_URL. */
export const SMS_STATUS_PATH = '/api/messaging/sms/status';

export type TwilioConfig = { readonly accountSid: string; readonly authToken: string; readonly from: string; readonly apiUrl: string };

/**
 * Twilio's Messages API over plain HTTPS (no SDK): a form POST with basic auth. Inbound webhooks
 * are checked with X-Twilio-Signature: base64 HMAC-SHA1, keyed by the auth token, of the URL
 * followed by every POST parameter name and value in name order.
 */
export class TwilioSms extends SmsSender {
  constructor(
    private readonly config: TwilioConfig,
    private readonly publicUrl: string,
  ) {
    super();
  }

  async send(m: TextMessage): Promise<{ providerId: string }> {
    const form = new URLSearchParams({ To: e164(m.to), From: m.from ?? this.config.from, Body: m.body, StatusCallback: `${this.publicUrl}${SMS_STATUS_PATH}` });
    if (m.mediaUrl) form.set('MediaUrl', m.mediaUrl.startsWith('/') ? `${this.publicUrl}${m.mediaUrl}` : m.mediaUrl);
    const auth = Buffer.from(`${this.config.accountSid}:${this.config.authToken}`).toString('base64');
    const res = await fetch(`${this.config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const data = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
    if (!res.ok || !data.sid) {
      // Twilio's error code says whether trying again can help (the retry policy reads it).
      const refused = new Error(`Twilio refused the message (${res.status}${data.message ? `: ${data.message}` : ''})`);
      throw typeof data.code === 'number' ? Object.assign(refused, { twilioCode: data.code }) : refused;
    }
    return { providerId: data.sid };
  }

  /** Whether Twilio signed exactly this URL and these parameters with our auth token. */
  private signed(req: InboundRequest): boolean {
    const header = req.headers['x-twilio-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) return false;
    const a = Buffer.from(signature);
    const b = Buffer.from(twilioSignature(this.config.authToken, req.url, req.params));
    return a.length === b.length && timingSafeEqual(a, b);
  }

  parseInbound(req: InboundRequest): InboundText | null {
    if (!this.signed(req)) return null;
    const p = param(req);
    const from = p('From');
    const body = p('Body');
    if (from === null || body === null) return null;
    // MMS: NumMedia, then MediaUrl0..n and MediaContentType0..n (Twilio caps it at 10).
    const count = Math.min(Number(p('NumMedia') ?? '0') || 0, 10);
    const media: { url: string; contentType: string }[] = [];
    for (let i = 0; i < count; i++) {
      const url = p(`MediaUrl${i}`);
      if (url) media.push({ url, contentType: p(`MediaContentType${i}`) ?? 'application/octet-stream' });
    }
    return { from, to: p('To') ?? '', body, providerId: p('MessageSid') ?? p('SmsSid') ?? '', media };
  }

  /** MessageSid, MessageStatus and ErrorCode of a signed status callback (of our own account only). */
  parseStatus(req: InboundRequest): StatusReport | null {
    if (!this.signed(req)) return null;
    const p = param(req);
    const providerId = p('MessageSid') ?? p('SmsSid');
    const status = p('MessageStatus') ?? p('SmsStatus');
    if (!providerId || !status || (p('AccountSid') ?? this.config.accountSid) !== this.config.accountSid) return null;
    const code = Number(p('ErrorCode'));
    return { providerId, status, errorCode: p('ErrorCode') && Number.isInteger(code) && code > 0 ? code : null };
  }

  /**
   * An MMS's media, fetched from Twilio only: an address outside TWILIO_API_URL is never fetched
   * (a signed webhook still should not make us fetch what it names elsewhere), with the
   * account's credentials (Twilio asks for them when media protection is on), at most
   * `maxBytes`, 15 s. Null when it cannot be had.
   */
  async fetchMedia(url: string, maxBytes: number): Promise<Buffer | null> {
    if (!url.startsWith(`${this.config.apiUrl}/`)) return null;
    const auth = Buffer.from(`${this.config.accountSid}:${this.config.authToken}`).toString('base64');
    try {
      const res = await fetch(url, { headers: { Authorization: `Basic ${auth}` }, redirect: 'follow', signal: AbortSignal.timeout(15_000) });
      if (!res.ok || !res.body) return null;
      if (Number(res.headers.get('content-length') ?? 0) > maxBytes) return null;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > maxBytes) return null;
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks);
    } catch {
      return null;
    }
  }
}

/** One value of a posted form (null when absent or repeated). */
const param =
  (req: InboundRequest) =>
  (name: string): string | null =>
    typeof req.params[name] === 'string' ? (req.params[name] as string) : null;

/**
 * Twilio's request signature: the full URL it posted to (with the query), then each POST
 * parameter's name and value, names in order (a repeated name once per value, values in order,
 * as Twilio's own helpers do); HMAC-SHA1 keyed by the auth token, base64.
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string | readonly string[]>>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, k) => {
      const v = params[k]!;
      return typeof v === 'string'
        ? acc + k + v
        : acc +
            [...v]
              .sort()
              .map((x) => k + x)
              .join('');
    }, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}
