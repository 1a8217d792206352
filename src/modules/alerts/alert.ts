import { assertNever } from '../../shared/errors';
import type { AlertEvent, PropertyAlertRecorded } from './alerts.events';

/** What one alert's stream says: what it is about, whether it went out, whether the lead opened it, whether its link signed in. */
export type Alert = {
  readonly data: PropertyAlertRecorded['data'] | null;
  readonly sent: boolean;
  readonly opened: boolean;
  /** Its e-mail link signed the lead in once already. */
  readonly linkUsed: boolean;
};

export const initialAlert = (): Alert => ({ data: null, sent: false, opened: false, linkUsed: false });

export function evolveAlert(s: Alert, e: AlertEvent): Alert {
  switch (e.type) {
    case 'PropertyAlertRecorded':
      return { ...s, data: e.data };
    case 'PropertyAlertSent': {
      const { subject: _subject, ...data } = e.data;
      return { ...s, data, sent: true };
    }
    case 'PropertyAlertOpened':
      return { ...s, opened: true };
    case 'AlertLinkSignedIn':
      return { ...s, linkUsed: true };
    default:
      return assertNever(e);
  }
}
