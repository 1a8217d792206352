import type { FailedMessage } from '../../../../../src/contract/outboxes';
import { fullDate, relativeTime } from '../../../lib/dashboardFormat';
import styles from './ConversationPanel.module.css';

/** What the agent calls each of a lead's outboxes. */
const WHAT: Readonly<Record<string, string>> = {
  'lead-email': 'E-mail',
  'listing-mail': 'Listings e-mail',
  'reply-notices': 'Notice of your reply',
  plans: 'Action plan step',
  'property-alerts': 'Property alert',
  'showing-notices': 'Showing notice',
};

/** Under a thread item that could not be delivered: that it was not, and the provider's reason. */
export function NotDeliveredLine({ failure }: { failure: FailedMessage }) {
  return (
    <p className={styles.reason} data-testid="not-delivered">
      Not delivered: {failure.reason}
    </p>
  );
}

/**
 * The lead's messages that could not be delivered and are not items of the thread (listing
 * e-mails, notices, plan steps, alerts), newest first, each with its reason: the agent learns
 * the lead did not get them, and can answer another way.
 */
export function NotDeliveredList({ failed, leadName }: { failed: readonly FailedMessage[]; leadName: string }) {
  if (failed.length === 0) return null;
  return (
    <section className={styles.notDelivered} aria-label={`Not delivered to ${leadName}`}>
      <p className={styles.notDeliveredTitle}>Not delivered to {leadName}</p>
      <ul>
        {failed.map((f) => (
          <li key={`${f.outbox}-${f.id}`} data-testid="not-delivered">
            <strong>{WHAT[f.outbox] ?? f.outbox}</strong> ({f.channel}): {f.reason}
            {f.failedAt && (
              <>
                {' · '}
                <time dateTime={f.failedAt} title={fullDate(f.failedAt)}>
                  {relativeTime(f.failedAt)}
                </time>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
