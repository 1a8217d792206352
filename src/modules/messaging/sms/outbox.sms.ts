import type pg from 'pg';
import { type InboundRequest, type InboundText, SmsSender, type StatusReport, type TextMessage } from './sms.port';

/**
 * Development adapter: texts are kept in the sms_outbox table (readable by staff at GET
 * /api/dev/sms). No provider signs replies here, so none is ever taken: an unsigned "STOP"
 * would let anyone turn off anybody's texts (the webhook is not even served without Twilio).
 */
export class OutboxSms extends SmsSender {
  constructor(private readonly pool: pg.Pool) {
    super();
  }

  async send(m: TextMessage): Promise<{ providerId: string }> {
    const { rows } = await this.pool.query<{ id: string }>('INSERT INTO sms_outbox (to_number, body, media_url) VALUES ($1, $2, $3) RETURNING id::text', [
      m.to,
      m.body,
      m.mediaUrl,
    ]);
    return { providerId: `outbox-${rows[0]!.id}` };
  }

  parseInbound(_req: InboundRequest): InboundText | null {
    return null;
  }

  parseStatus(_req: InboundRequest): StatusReport | null {
    return null;
  }

  async fetchMedia(): Promise<Buffer | null> {
    return null;
  }
}
