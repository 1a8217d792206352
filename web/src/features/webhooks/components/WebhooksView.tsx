import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import { PUBLIC_EVENT_TYPES } from '../../../../../src/contract/public-events';
import { ShownOnce } from '../../../ui/ShownOnce';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { SettingsList } from '../../../ui/SettingsList';
import { SaidAndFailed } from '../../../ui/StatusLine';
import { webhooksApi } from '../api/webhooksApi';
import { messageOf, type Webhook, WebhookItem } from './WebhookItem';
import styles from './WebhooksView.module.css';

type Made = ResponseOf<typeof contract.webhooks.create> & { url: string };

const EVENT_LABELS: Record<(typeof PUBLIC_EVENT_TYPES)[number], string> = {
  'lead.created': 'New lead',
  'lead.updated': 'Lead edited',
  'lead.assigned': 'Lead assigned',
  'lead.stage_changed': 'Stage changed',
  'note.created': 'Note written',
  'message.received': 'Message received',
  'message.sent': 'Message sent',
  'showing.changed': 'Showing changed',
};

/**
 * `/dashboard?view=webhooks`: URLs that hear the events of the viewer's leads, each POST signed
 * with the webhook's secret (shown once, when made), with a test, a delivery log and pausing.
 */
export function WebhooksView() {
  const [hooks, setHooks] = useState<Webhook[] | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['lead.created']);
  const [made, setMade] = useState<Made | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const urlId = useId();

  const say = useCallback((s: string | null, e: string | null = null) => {
    setStatus(s);
    setError(e);
  }, []);
  const reload = useCallback(
    () =>
      webhooksApi.list().then(
        (r) => setHooks(r.webhooks),
        (err: unknown) => setError(messageOf(err, 'Could not load your webhooks')),
      ),
    [],
  );
  useEffect(() => void reload(), [reload]);

  const toggle = (type: string, on: boolean) => setEvents((es) => (on ? [...es, type] : es.filter((e) => e !== type)));

  const create = (e: FormEvent) => {
    e.preventDefault();
    if (events.length === 0) return say(null, 'Choose at least one event.');
    say(null);
    webhooksApi.create(url, events).then(
      (r) => {
        setMade({ ...r, url });
        setUrl('');
        void reload();
      },
      (err: unknown) => say(null, messageOf(err, 'Could not add the webhook')),
    );
  };

  /** A refusal is said in the dialog, which stays open. */
  const remove = (w: Webhook) =>
    webhooksApi.remove(w.webhookId).then(() => {
      setHooks((hs) => (hs ?? []).filter((h) => h.webhookId !== w.webhookId));
      setDeleting(null);
      say(`Deleted the webhook to ${w.url}.`);
    });

  return (
    <div className={styles.view}>
      <h1>Webhooks</h1>
      <section className={panel.panel} aria-labelledby="webhook-new-title">
        <h2 id="webhook-new-title">New webhook</h2>
        <p className={panel.muted}>
          Porchlight POSTs each chosen event of the leads you see to this URL, signed with a secret (the Porchlight-Signature header), in order for each lead. A
          receiver that is down gets them once it answers again.
        </p>
        <form className={styles.form} onSubmit={create}>
          <label htmlFor={urlId}>
            Receiver URL
            <input
              id={urlId}
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
              maxLength={2000}
              autoComplete="off"
              placeholder="https://hooks.example.com/porchlight"
            />
          </label>
          <fieldset className={styles.events}>
            <legend>Events</legend>
            {PUBLIC_EVENT_TYPES.map((t) => (
              <label key={t}>
                <input type="checkbox" checked={events.includes(t)} onChange={(e) => toggle(t, e.target.checked)} />
                <span>
                  {EVENT_LABELS[t]} <code>{t}</code>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <button type="submit" className="btn">
              Add webhook
            </button>
          </div>
        </form>
        {made && (
          <ShownOnce
            title={`Signing secret for ${made.url}`}
            note="Your receiver checks each delivery’s signature with it."
            value={made.secret}
            testId="webhook-secret"
            copyLabel="Copy secret"
            onCopied={(said) => say(said)}
            onDone={() => setMade(null)}
          />
        )}
        <SaidAndFailed status={status} error={error} />
      </section>
      <section className={panel.panel} aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Your webhooks</h2>
        <SettingsList items={hooks} empty="No webhooks yet. Add one above to send your leads’ events to another tool.">
          {(w) => (
            <WebhookItem
              key={w.webhookId}
              webhook={w}
              say={say}
              onDelete={setDeleting}
              onChanged={(next) => setHooks((hs) => (hs ?? []).map((h) => (h.webhookId === next.webhookId ? next : h)))}
            />
          )}
        </SettingsList>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        action="Delete webhook"
        busyAction="Deleting…"
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Nothing more is sent to {deleting?.url}, and its delivery log is deleted.</p>
      </ConfirmDialog>
    </div>
  );
}
