import { useCallback, useEffect, useState } from 'react';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import { ApiError } from '../../../api/http';
import { webhooksApi } from '../api/webhooksApi';
import { type Delivery, DeliveryLog } from './DeliveryLog';
import styles from './WebhooksView.module.css';

export type Webhook = ResponseOf<typeof contract.webhooks.list>['webhooks'][number];

export const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

function stateOf(w: Webhook): string {
  if (!w.paused) return 'Active';
  return w.pausedWhy === 'failing' ? 'Paused after a day of failed deliveries: fix the receiver, then resume' : 'Paused';
}

type Props = {
  readonly webhook: Webhook;
  readonly onChanged: (w: Webhook) => void;
  readonly onDelete: (w: Webhook) => void;
  readonly say: (status: string | null, error?: string | null) => void;
};

/** One webhook: its URL, events and state; a test, pause or resume, its delivery log with "Send again", delete. */
export function WebhookItem({ webhook: w, onChanged, onDelete, say }: Props) {
  const [open, setOpen] = useState(false);
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const logId = `webhook-log-${w.webhookId}`;

  const load = useCallback(() => {
    webhooksApi.deliveries(w.webhookId).then(
      (r) => setDeliveries(r.deliveries),
      (err: unknown) => say(null, messageOf(err, 'Could not load the deliveries')),
    );
  }, [w.webhookId, say]);

  // While the log is open it follows the deliveries (a test, a retry) every few seconds.
  useEffect(() => {
    if (!open) return;
    load();
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, [open, load]);

  const test = () =>
    webhooksApi.test(w.webhookId).then(
      () => {
        say('A webhook.test event is on its way: see the deliveries.');
        setOpen(true);
        load();
      },
      (err: unknown) => say(null, messageOf(err, 'Could not send the test')),
    );

  const setPaused = (paused: boolean) =>
    webhooksApi.update(w.webhookId, { paused }).then(
      (next) => {
        onChanged(next);
        say(paused ? 'Paused: events are kept and sent once you resume.' : 'Resumed: the kept events are being sent.');
      },
      (err: unknown) => say(null, messageOf(err, 'Could not change the webhook')),
    );

  const sendAgain = (d: Delivery) =>
    webhooksApi.redeliver(w.webhookId, d.eventId).then(
      () => {
        say(`${d.type} is sent again with the same id.`);
        load();
      },
      (err: unknown) => say(null, messageOf(err, 'Could not send it again')),
    );

  return (
    <li className={styles.hook}>
      <h3 className={styles.url}>{w.url}</h3>
      <p>
        <strong>{stateOf(w)}</strong> · {w.events.join(', ')}
        {w.failed > 0 && ` · ${w.failed} failed`}
        {w.pending > 0 && ` · ${w.pending} waiting`}
      </p>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={() => void test()} aria-label={`Send test to ${w.url}`}>
          Send test
        </button>
        <button type="button" className="btn" onClick={() => void setPaused(!w.paused)} aria-label={`${w.paused ? 'Resume' : 'Pause'} ${w.url}`}>
          {w.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="btn" aria-expanded={open} aria-controls={logId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button type="button" className="btn" onClick={() => onDelete(w)} aria-label={`Delete ${w.url}`}>
          Delete
        </button>
      </div>
      {open && (
        <section id={logId} aria-label={`Deliveries to ${w.url}`}>
          <DeliveryLog deliveries={deliveries} onSendAgain={(d) => void sendAgain(d)} />
        </section>
      )}
    </li>
  );
}
