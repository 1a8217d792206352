import { Inject, Injectable } from '@nestjs/common';
import { SecretKey } from '../../accounts';
import { signAlertLinkToken } from './alert-link-token';

export type AlertLinkUrls = {
  /** The listing link: opens the listing signed in (GET /api/alerts/{alertId}/open). */
  readonly open: string;
  /** The 1×1 tracking image (GET /api/alerts/{alertId}/pixel.gif). */
  readonly pixel: string;
};

export const alertOpenPath = (alertId: string) => `/api/alerts/${alertId}/open`;
export const alertPixelPath = (alertId: string) => `/api/alerts/${alertId}/pixel.gif`;

/** The signed addresses an alert e-mail carries, one pair per alert, for the user it goes to. */
@Injectable()
export class AlertLinks {
  constructor(@Inject(SecretKey) private readonly secret: SecretKey) {}

  async forAlerts(userId: string, alertIds: readonly string[], baseUrl: string, now = new Date()): Promise<Map<string, AlertLinkUrls>> {
    const key = await this.secret.get();
    const token = (purpose: 'open' | 'pixel', alertId: string) => encodeURIComponent(signAlertLinkToken(key, { purpose, alertId, userId, issuedAt: now }));
    return new Map(
      alertIds.map((id) => [
        id,
        { open: `${baseUrl}${alertOpenPath(id)}?t=${token('open', id)}`, pixel: `${baseUrl}${alertPixelPath(id)}?t=${token('pixel', id)}` },
      ]),
    );
  }
}
