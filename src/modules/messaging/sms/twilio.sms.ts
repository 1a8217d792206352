import { createHmac, timingSafeEqual } from 'node:crypto';
import { type InboundRequest, type InboundText, SmsSender, type TextMessage, e164 } from './sms.port';

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
    const form = new URLSearchParams({ To: e164(m.to), From: this.config.from, Body: m.body });
    if (m.mediaUrl) form.set('MediaUrl', m.mediaUrl.startsWith('/') ? `${this.publicUrl}${m.mediaUrl}` : m.mediaUrl);
    const auth = Buffer.from(`${this.config.accountSid}:${this.config.authToken}`).toString('base64');
    const res = await fetch(`${this.config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/Messages.json`, {
      method: 'POST',
      headers: { Authorization: `Basic ${auth}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const data = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
    if (!res.ok || !data.sid) throw new Error(`Twilio refused the message (${res.status}${data.message ? `: ${data.message}` : ''})`);
    return { providerId: data.sid };
  }

  parseInbound(req: InboundRequest): InboundText | null {
    const header = req.headers['x-twilio-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) return null;
    const expected = twilioSignature(this.config.authToken, req.url, req.params);
    const a = Buffer.from(signature);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
    const from = req.params.From;
    const body = req.params.Body;
    return typeof from === 'string' && typeof body === 'string' ? { from, body } : null;
  }
}

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
      return typeof v === 'string' ? acc + k + v : acc + [...v].sort().map((x) => k + x).join('');
    }, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}
