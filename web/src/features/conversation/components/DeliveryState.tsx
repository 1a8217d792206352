import { DELIVERY_LABEL, deliveryErrorWords } from '../../../../../src/contract/text-delivery';
import type { ThreadItem } from '../../../../../src/contract/thread';
import chat from './ChatPanel.module.css';
import styles from './ConversationPanel.module.css';

/** An outbound text's state as the carrier last reported it (Queued, Sent, Delivered, Not delivered, Failed). */
export function DeliveryLabel({ item }: { item: ThreadItem }) {
  if (!item.deliveryState) return null;
  return (
    <span className={chat.receipt} data-testid="delivery-state" data-state={item.deliveryState}>
      {DELIVERY_LABEL[item.deliveryState]}
    </span>
  );
}

/** Under a text the carrier could not deliver: why, in words (the error code kept for support). */
export function DeliveryError({ item }: { item: ThreadItem }) {
  if (item.deliveryState !== 'undelivered' && item.deliveryState !== 'failed') return null;
  const words = deliveryErrorWords(item.errorCode) ?? 'The carrier did not say why.';
  return (
    <p className={styles.reason} data-testid="delivery-error">
      Not delivered: {words}
      {item.errorCode ? ` (error ${item.errorCode})` : ''}
    </p>
  );
}
