import type { AlertFrequency } from '../../organizer';
import type { AlertReason } from '../alerts.events';

/** One lead to alert of one change; its alert id is derived from the two when it is stored. */
export type AlertMatch = {
  readonly leadId: string;
  readonly userId: string;
  readonly siteId: string;
  readonly reason: AlertReason;
  readonly searchIds: readonly string[];
  readonly frequency: AlertFrequency;
};
