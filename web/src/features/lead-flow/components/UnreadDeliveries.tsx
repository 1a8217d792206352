import { type FormEvent, useEffect, useId, useState } from 'react';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import { Modal } from '../../../ui/Modal';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import { leadFlowApi, messageOf } from '../api/leadFlowApi';
import styles from './LeadFlowView.module.css';

type Delivery = ResponseOf<typeof contract.leadFlow.unread>['deliveries'][number];
type Fields = Delivery['prefill'];

/**
 * What came to the intake URL or address and could not be read: kept, never dropped. The broker
 * makes a lead of one (the form holds what could be read) or dismisses it.
 */
export function UnreadDeliveries({ sources, onStatus }: { sources: readonly string[]; onStatus: (s: string) => void }) {
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [making, setMaking] = useState<Delivery | null>(null);
  const [fields, setFields] = useState<Fields | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    void leadFlowApi.unread().then(
      (r) => setDeliveries(r.deliveries),
      (err: unknown) => setError(messageOf(err, 'Could not load the unread deliveries')),
    );
  }, []);

  const open = (d: Delivery) => {
    setMaking(d);
    setFields({ ...d.prefill, source: d.prefill.source || (d.channel === 'email' ? '' : 'Lead delivery') });
    setFormError(null);
  };
  const gone = (d: Delivery) => setDeliveries((ds) => (ds ?? []).filter((x) => x.deliveryId !== d.deliveryId));

  const make = (e: FormEvent) => {
    e.preventDefault();
    if (!making || !fields) return;
    setFormError(null);
    leadFlowApi
      .makeLead(making.deliveryId, fields)
      .then((r) => {
        gone(making);
        setMaking(null);
        onStatus(r.created ? 'Lead made: it is routed by the lead flow of its source.' : 'That person is a lead already: the delivery joined their timeline.');
      })
      .catch((err: unknown) => setFormError(messageOf(err, 'Could not make the lead')));
  };

  const dismiss = (d: Delivery) => {
    setError(null);
    leadFlowApi
      .dismiss(d.deliveryId)
      .then(() => {
        gone(d);
        onStatus('Dismissed.');
      })
      .catch((err: unknown) => setError(messageOf(err, 'Could not dismiss it')));
  };

  const field = (name: keyof Fields, label: string, type = 'text', required = false) => (
    <label htmlFor={`${id}-${name}`}>
      {label}
      {name === 'message' ? (
        <textarea id={`${id}-${name}`} rows={4} value={fields?.[name] ?? ''} onChange={(e) => setFields((f) => f && { ...f, [name]: e.target.value })} />
      ) : (
        <input
          id={`${id}-${name}`}
          type={type}
          required={required}
          value={fields?.[name] ?? ''}
          onChange={(e) => setFields((f) => f && { ...f, [name]: e.target.value })}
          list={name === 'source' ? `${id}-sources` : undefined}
          autoComplete="off"
        />
      )}
    </label>
  );

  return (
    <section className={panel.panel} aria-labelledby="lf-unread-title">
      <h2 id="lf-unread-title">Unread deliveries</h2>
      {error && (
        <p role="alert" className={panel.error}>
          {error}
        </p>
      )}
      {deliveries === null ? (
        !error && <p className={panel.muted}>Loading…</p>
      ) : deliveries.length === 0 ? (
        <p className={panel.muted}>Nothing unread: every lead that came to the intake address and URL was read.</p>
      ) : (
        <ul className={styles.unread}>
          {deliveries.map((d) => (
            <li key={d.deliveryId}>
              <h3>{d.subject || (d.channel === 'email' ? '(no subject)' : 'Lead delivery')}</h3>
              <p className={panel.muted}>
                {new Date(d.at).toLocaleString()} · {d.channel === 'email' ? `E-mail from ${d.from || 'unknown sender'}` : 'Posted to the intake URL'}
              </p>
              <p>Not read: {d.reason}</p>
              <details>
                <summary>What came in</summary>
                <pre className={styles.text}>{d.text}</pre>
              </details>
              <span className={styles.buttons}>
                <button type="button" className="btn" onClick={() => open(d)}>
                  Make a lead
                </button>
                <button type="button" className="btn" onClick={() => dismiss(d)}>
                  Dismiss
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Modal open={making !== null} title="Make a lead" onClose={() => setMaking(null)}>
        <form className={styles.makeLead} onSubmit={make}>
          {field('source', 'Source', 'text', true)}
          <datalist id={`${id}-sources`}>
            {sources.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          {field('firstName', 'First name')}
          {field('lastName', 'Last name')}
          <p className={panel.muted} id={`${id}-reach`}>
            An e-mail address or a phone number: either is enough.
          </p>
          {field('email', 'E-mail', 'email')}
          {field('phone', 'Phone', 'tel')}
          {field('message', 'Message')}
          {formError && (
            <p role="alert" className={panel.error}>
              {formError}
            </p>
          )}
          <span className={styles.buttons}>
            <button type="button" className="btn" onClick={() => setMaking(null)}>
              Cancel
            </button>
            <button type="submit" className="btn">
              Make lead
            </button>
          </span>
        </form>
      </Modal>
    </section>
  );
}
