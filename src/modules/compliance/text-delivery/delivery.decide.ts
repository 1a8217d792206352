import type { Decider } from '../../../commands/decider';
import { DELIVERY_RANK, type DeliveryState } from '../../../contract/text-delivery';
import type { TextDeliveryReported } from '../compliance.events';

export type DeliveryStatus = { readonly state: DeliveryState | null; readonly errorCode: number | null };

/** Twilio's MessageStatus as one of our states; statuses of inbound messages (receiving, received) are none. */
export function deliveryStateOf(status: string): DeliveryState | null {
  switch (status.toLowerCase()) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued';
    case 'sending':
    case 'sent':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return null;
  }
}

/**
 * A report moves a text only forward: queued, then sent, then one of delivered, undelivered or
 * failed, which is final. A late "sent" after "delivered" (callbacks race) and the same report
 * twice (a provider retry) change nothing.
 */
export function decideDelivery(report: TextDeliveryReported['data'], s: DeliveryStatus): TextDeliveryReported[] {
  if (s.state !== null && DELIVERY_RANK[report.state] <= DELIVERY_RANK[s.state]) return [];
  return [{ type: 'TextDeliveryReported', data: report }];
}

export const deliveryDecider: Decider<DeliveryStatus, TextDeliveryReported['data'], TextDeliveryReported> = {
  initialState: () => ({ state: null, errorCode: null }),
  evolve: (_s, e) => ({ state: e.data.state, errorCode: e.data.errorCode }),
  decide: decideDelivery,
};
