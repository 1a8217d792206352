import { type FormEvent, useState } from 'react';
import { backofficeApi, type FeedView } from '../../api/backoffice';
import { FEED_PAGING, FEED_RESOURCE_NAMES } from '../../../../src/contract/feeds';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/useToast';
import styles from './Backoffice.module.css';
import { FormEnd } from './FormEnd';
import { type FeedFields, fieldsOf, formToRequest, secretNeededAgain } from './feedFormat';

type Props = {
  /** null: closed; 'new': add a feed; a feed: edit it. */
  readonly feed: FeedView | 'new' | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
};

/**
 * Add or change a feed (rendered with a key per feed, so each opening starts from its settings). Secrets are write-only: the server never sends them back, so an
 * existing one shows as "stored" and is kept unless a new one is typed; once the address it goes to is changed, the field asks for it again.
 */
export function FeedForm({ feed, onClose, onSaved }: Props) {
  const editing = feed !== null && feed !== 'new' ? feed : null;
  const [f, setF] = useState<FeedFields>(() => fieldsOf(editing));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const set = <K extends keyof FeedFields>(k: K, v: FeedFields[K]) => setF((x) => ({ ...x, [k]: v }));
  const stored = (kind: 'oauth2' | 'bearer') => editing?.settings.auth.kind === kind && editing.settings.auth.hasSecret;
  const again = secretNeededAgain(f, editing);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const body = formToRequest(f, editing);
    if (typeof body === 'string') return setError(body);
    setBusy(true);
    try {
      const saved = await backofficeApi.saveFeed(body);
      toast({ tone: 'success', title: 'Feeds', message: `Feed ${saved.name} ${saved.created ? 'added' : saved.changed ? 'saved' : 'unchanged'}` });
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const text = (
    label: string,
    k: 'url' | 'tokenUrl' | 'clientId' | 'scope' | 'timeZone' | 'pageSize' | 'intervalMinutes' | 'filter',
    extra: { hint?: string; type?: string } = {},
  ) => (
    <label className={styles.field}>
      {label}
      <input className={styles.input} type={extra.type ?? 'text'} value={f[k]} placeholder={extra.hint} onChange={(e) => set(k, e.target.value)} />
    </label>
  );
  const secret = (label: string, k: 'clientSecret' | 'bearer', kind: 'oauth2' | 'bearer') => (
    <>
      <label className={styles.field}>
        {label}
        <input
          className={styles.input}
          type="password"
          autoComplete="new-password"
          value={f[k]}
          required={!stored(kind) || again}
          aria-describedby={again ? `${k}-again` : undefined}
          placeholder={again ? 'Required again' : stored(kind) ? 'Stored; leave empty to keep it' : 'Required'}
          onChange={(e) => set(k, e.target.value)}
        />
      </label>
      {again && (
        <p id={`${k}-again`} className={`${styles.small} ${styles.muted}`}>
          The address changed: type the {kind === 'oauth2' ? 'client secret' : 'token'} again. A stored secret is only sent where it was given for.
        </p>
      )}
    </>
  );

  return (
    <Modal open={feed !== null} title={editing ? `Feed ${editing.name}` : 'Add a feed'} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className={styles.dialogForm} noValidate aria-label={editing ? `Edit feed ${editing.name}` : 'Add a feed'}>
        <label className={styles.field}>
          Name (the listings' pdid prefix)
          <input className={styles.input} value={f.name} readOnly={editing !== null} placeholder="MRED" onChange={(e) => set('name', e.target.value)} />
        </label>
        {text('Service root URL', 'url', { hint: 'https://api.example.com/odata' })}
        <label className={styles.field}>
          Authentication
          <select className={styles.select} value={f.authKind} onChange={(e) => set('authKind', e.target.value as FeedFields['authKind'])}>
            <option value="oauth2">OAuth2 client credentials</option>
            <option value="bearer">Bearer token</option>
            <option value="none">None</option>
          </select>
        </label>
        {f.authKind === 'oauth2' && (
          <>
            {text('Token URL', 'tokenUrl', { hint: 'https://api.example.com/oauth2/token' })}
            {text('Client id', 'clientId')}
            {secret('Client secret', 'clientSecret', 'oauth2')}
            {text('Scope (optional)', 'scope')}
          </>
        )}
        {f.authKind === 'bearer' && secret('Bearer token', 'bearer', 'bearer')}
        <fieldset className={styles.field}>
          <legend>Resources</legend>
          {FEED_RESOURCE_NAMES.map((r) => (
            <label key={r} className={styles.small} style={{ marginRight: 12 }}>
              <input
                type="checkbox"
                checked={r === 'Property' || f.resources.includes(r)}
                disabled={r === 'Property'}
                onChange={(e) => set('resources', e.target.checked ? [...f.resources, r] : f.resources.filter((x) => x !== r))}
              />{' '}
              {r}
            </label>
          ))}
        </fieldset>
        {text('Time zone of timestamps without an offset (IANA)', 'timeZone', { hint: 'America/Chicago' })}
        {text('Page size', 'pageSize', { type: 'number' })}
        {text('Poll interval (minutes)', 'intervalMinutes', { type: 'number' })}
        {text('$filter (optional)', 'filter', { hint: "CountyOrParish eq 'Cook'" })}
        <label className={styles.field}>
          Paging
          <select className={styles.select} value={f.paging} onChange={(e) => set('paging', FEED_PAGING.find((p) => p === e.target.value) ?? 'auto')}>
            {FEED_PAGING.map((p) => (
              <option key={p} value={p}>
                {p === 'auto' ? 'auto (nextLink when given, else $top/$skip)' : p === 'nextLink' ? 'nextLink only' : '$top/$skip only'}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          IDX disclaimer (optional; a default text otherwise)
          <textarea className={styles.textarea} value={f.disclaimer} onChange={(e) => set('disclaimer', e.target.value)} />
        </label>
        <FormEnd error={error} onCancel={onClose} submitLabel={busy ? 'Saving…' : editing ? 'Save' : 'Add feed'} busy={busy} />
      </form>
    </Modal>
  );
}
