import { DELIVERY_LABEL, deliveryErrorWords } from '../../../../../src/contract/text-delivery';
import { bounceReason, EMAIL_DELIVERY_LABEL } from '../../../../../src/contract/email-delivery';
import type { ThreadItem } from '../../../../../src/contract/thread';
import chat from './ChatPanel.module.css';
import styles from './ConversationPanel.module.css';

const LABEL: Record<NonNullable<ThreadItem['deliveryState']>, string> = { ...DELIVERY_LABEL, ...EMAIL_DELIVERY_LABEL };

/**
 * An outbound text's state as the carrier last reported it (Queued, Sent, Delivered, Not
 * delivered, Failed), or a CRM e-mail's as the relay did (Sent, Delivered, Bounced, Marked as spam), or
 * Not sent when it was held back at sending.
 */
export function DeliveryLabel({ item }: { item: ThreadItem }) {
  if (!item.deliveryState) return null;
  return (
    <span className={chat.receipt} data-testid="delivery-state" data-state={item.deliveryState}>
      {LABEL[item.deliveryState]}
    </span>
  );
}

/** Under a text the carrier could not deliver, or an e-mail that bounced, was marked as spam or was not sent: why, in words (the code kept for support). */
export function DeliveryError({ item }: { item: ThreadItem }) {
  if (item.channel === 'email') return <EmailDeliveryError item={item} />;
  if (item.deliveryState !== 'undelivered' && item.deliveryState !== 'failed') return null;
  const words = deliveryErrorWords(item.errorCode) ?? 'The carrier did not say why.';
  return (
    <p className={styles.reason} data-testid="delivery-error">
      Not delivered: {words}
      {item.errorCode ? ` (error ${item.errorCode})` : ''}
    </p>
  );
}

function EmailDeliveryError({ item }: { item: ThreadItem }) {
  if (item.deliveryState === 'not_sent')
    return (
      <p className={styles.reason} data-testid="delivery-error">
        Not sent: {item.deliveryNote ?? 'this address takes no more e-mail.'}
      </p>
    );
  if (item.deliveryState !== 'bounced' && item.deliveryState !== 'complained') return null;
  return (
    <p className={styles.reason} data-testid="delivery-error">
      {item.deliveryState === 'complained'
        ? 'The lead marked this e-mail as spam: no more e-mail goes to their address.'
        : `Bounced: ${bounceReason(item.errorCode)}${item.errorCode ? ` (code ${item.errorCode})` : ''}. No more e-mail goes to this address.`}
    </p>
  );
}
