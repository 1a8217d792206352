import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import styles from './WebhooksView.module.css';

export type Delivery = ResponseOf<typeof contract.webhooks.deliveries>['deliveries'][number];

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const STATUS = { pending: 'Waiting', sent: 'Delivered', failed: 'Failed' } as const;

function stateLine(d: Delivery): string {
  const tries = `${d.tries} ${d.tries === 1 ? 'try' : 'tries'}`;
  if (d.status === 'sent') return `${STATUS.sent} ${when(d.deliveredAt)} · ${tries}`;
  if (d.status === 'failed') return `${STATUS.failed} · ${tries}, last ${when(d.lastTriedAt)}`;
  return `${STATUS.pending} · ${tries} · next try ${when(d.nextTryAt)}`;
}

/** One webhook's deliveries, newest first: state, tries, the receiver's last answer, and "Send again". */
export function DeliveryLog({ deliveries, onSendAgain }: { deliveries: Delivery[] | null; onSendAgain: (d: Delivery) => void }) {
  if (deliveries === null) return <p>Loading deliveries…</p>;
  if (deliveries.length === 0) return <p>No deliveries yet. Events in your scope are sent here as they happen; “Send test” sends one now.</p>;
  return (
    <ul className={styles.log}>
      {deliveries.map((d) => (
        <li key={d.eventId} className={`${styles.delivery} ${d.status === 'failed' ? styles.failed : ''}`}>
          <div>
            <p>
              <strong>{d.type}</strong> · <span>{stateLine(d)}</span>
            </p>
            {(d.lastAnswer || d.lastStatus !== null) && <p>Last answer: {d.lastAnswer ?? `HTTP ${d.lastStatus}`}</p>}
            <p>
              <small>Event {d.eventId}</small>
            </p>
          </div>
          {d.status !== 'pending' && (
            <button type="button" className="btn" onClick={() => onSendAgain(d)} aria-label={`Send again ${d.type} ${d.eventId}`}>
              Send again
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
