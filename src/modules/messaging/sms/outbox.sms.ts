import type pg from 'pg';
import { type InboundRequest, type InboundText, SmsSender, type TextMessage } from './sms.port';

/**
 * Development adapter: texts are kept in the sms_outbox table (readable at GET /api/dev/sms).
 * Inbound replies are taken as they come outside production (there is no provider to sign
 * them); in production without Twilio, inbound is refused.
 */
export class OutboxSms extends SmsSender {
  constructor(
    private readonly pool: pg.Pool,
    private readonly acceptUnsignedInbound: boolean,
  ) {
    super();
  }

  async send(m: TextMessage): Promise<{ providerId: string }> {
    const { rows } = await this.pool.query<{ id: string }>(
      'INSERT INTO sms_outbox (to_number, body, media_url) VALUES ($1, $2, $3) RETURNING id::text',
      [m.to, m.body, m.mediaUrl],
    );
    return { providerId: `outbox-${rows[0]!.id}` };
  }

  parseInbound(req: InboundRequest): InboundText | null {
    if (!this.acceptUnsignedInbound) return null;
    const from = req.params.From;
    const body = req.params.Body;
    return typeof from === 'string' && typeof body === 'string' ? { from, body } : null;
  }
}
