import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import {
  MAILBOX_PRESETS,
  MAILBOX_PROVIDER_LABEL,
  MAILBOX_PROVIDERS,
  type MailboxProviderChoice,
  type MailboxStatus,
  type MailServerSettings,
} from '../../../../../src/contract/mailbox';
import forms from '../../../ui/forms.module.css';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import { type MailboxForm, mailboxApi } from '../api/mailboxApi';
import { ConsentButton, takeConsentOutcome } from './ConsentButton';
import styles from './MailboxSetting.module.css';
import { ServerFields } from './ServerFields';

type Consentable = readonly ('gmail' | 'microsoft')[];

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : 'Not yet');

/**
 * Settings › Connect your mailbox: the agent's own mailbox, so that mail with leads from any
 * client joins their threads and the CRM's e-mail leaves from their address. Provider (Gmail,
 * Microsoft 365, other IMAP), a test before saving, then its status: last sync, the error named,
 * sync now, disconnect.
 */
export function MailboxSetting() {
  const id = useId();
  const [status, setStatus] = useState<MailboxStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [consentable, setConsentable] = useState<Consentable>([]);
  const [outcome, setOutcome] = useState<ReturnType<typeof takeConsentOutcome>>(null);
  useEffect(() => {
    const came = takeConsentOutcome();
    if (came) setOutcome(came);
    mailboxApi.status().then(setStatus, (err: unknown) => setError(messageOf(err, 'Your mailbox could not be loaded')));
    // Without it the app password is still offered: no error of its own.
    mailboxApi.oauthProviders().then(
      (r) => setConsentable(r.providers),
      () => undefined,
    );
  }, []);
  return (
    <section className={panel.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Connect your mailbox</h2>
      <p className={`${panel.muted} ${styles.intro}`}>
        E-mail you exchange with your leads from any mail app joins their conversation here, and e-mail you write here leaves from your own address.
      </p>
      {outcome?.ok && (
        <p role="status" className={panel.muted}>
          {outcome.text}
        </p>
      )}
      <Problem text={outcome && !outcome.ok ? outcome.text : null} />
      {status === null && !error && <p className={panel.muted}>Loading…</p>}
      {status && !status.connected && <ConnectForm consentable={consentable} onConnected={setStatus} />}
      {status?.connected && <Connected status={status} consentable={consentable} onChange={setStatus} />}
      <Problem text={error} />
    </section>
  );
}

/** What went wrong, said at once to screen readers; nothing when all is well. */
function Problem({ text }: { readonly text: string | null }) {
  return text ? (
    <p role="alert" className={panel.error}>
      {text}
    </p>
  ) : null;
}

/** A row of buttons, and beside them what the last one did (a live region that is there even when empty). */
function Actions({ said, children }: { readonly said: string | null; readonly children: ReactNode }) {
  return (
    <div className={panel.actions}>
      {children}
      <span role="status" className={panel.muted}>
        {said}
      </span>
    </div>
  );
}

const CUSTOM: { imap: MailServerSettings; smtp: MailServerSettings } = {
  imap: { host: '', port: 993, secure: true },
  smtp: { host: '', port: 465, secure: true },
};

function ConnectForm({ consentable, onConnected }: { readonly consentable: Consentable; readonly onConnected: (s: MailboxStatus) => void }) {
  const id = useId();
  const [provider, setProvider] = useState<MailboxProviderChoice>('gmail');
  const [address, setAddress] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [servers, setServers] = useState(CUSTOM);
  const [busy, setBusy] = useState<'test' | 'connect' | null>(null);
  const [tested, setTested] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const form = (): MailboxForm => ({
    provider,
    address: address.trim(),
    password,
    ...(username.trim() ? { username: username.trim() } : {}),
    ...(provider === 'imap' ? servers : {}),
  });
  const run = async (what: 'test' | 'connect') => {
    setBusy(what);
    setError(null);
    setTested(null);
    try {
      if (what === 'test') setTested((await mailboxApi.test(form())).message);
      else onConnected(await mailboxApi.connect(form()));
    } catch (err) {
      setError(messageOf(err, what === 'test' ? 'The test could not be run' : 'Your mailbox could not be connected'));
    }
    setBusy(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run('connect');
  };
  const preset = provider === 'imap' ? null : MAILBOX_PRESETS[provider];
  const consent = provider !== 'imap' && consentable.includes(provider);
  return (
    <form className={panel.form} onSubmit={submit} aria-describedby={`${id}-help`}>
      <fieldset className={forms.fieldset}>
        <legend className={forms.legend}>Provider</legend>
        {MAILBOX_PROVIDERS.map((p) => (
          <label key={p} className={forms.check}>
            <input type="radio" name={`${id}-provider`} value={p} checked={provider === p} onChange={() => setProvider(p)} /> {MAILBOX_PROVIDER_LABEL[p]}
          </label>
        ))}
      </fieldset>
      {consent && (
        <>
          <div>
            <ConsentButton provider={provider} />
          </div>
          <p className={`${panel.muted} ${styles.or}`}>Or, with an app password:</p>
        </>
      )}
      <p id={`${id}-help`} className={panel.muted}>
        {preset ? preset.help : 'Your provider’s IMAP and SMTP servers, as its help pages give them, with your password or an app password.'}
      </p>
      <label className={forms.field}>
        <span className={forms.label}>E-mail address</span>
        <input className={forms.input} type="email" value={address} onChange={(e) => setAddress(e.target.value)} required autoComplete="email" />
      </label>
      <label className={forms.field}>
        <span className={forms.label}>{preset ? 'App password' : 'Password'}</span>
        <input className={forms.input} type="password" value={password} onChange={(e) => setPassword(e.target.value)} required autoComplete="new-password" />
      </label>
      {provider === 'imap' && (
        <>
          <label className={forms.field}>
            <span className={forms.label}>User name (if not your address)</span>
            <input className={forms.input} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
          </label>
          <ServerFields id={`${id}-imap`} kind="IMAP" value={servers.imap} onChange={(imap) => setServers({ ...servers, imap })} />
          <ServerFields id={`${id}-smtp`} kind="SMTP" value={servers.smtp} onChange={(smtp) => setServers({ ...servers, smtp })} />
        </>
      )}
      <Actions said={tested}>
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void run('test')}>
          {busy === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'connect' ? 'Connecting…' : 'Connect'}
        </button>
      </Actions>
      <Problem text={error} />
    </form>
  );
}

const STATE_LABEL = { syncing: 'Connected: read every minute', retrying: 'The last sync failed; it is tried again', stopped: 'Stopped: it needs you' } as const;

function Connected({
  status,
  consentable,
  onChange,
}: {
  readonly status: Extract<MailboxStatus, { connected: true }>;
  readonly consentable: Consentable;
  readonly onChange: (s: MailboxStatus) => void;
}) {
  const oauth = status.auth === 'oauth2' && status.provider !== 'imap' ? status.provider : null;
  const [busy, setBusy] = useState<'sync' | 'disconnect' | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const act = async (what: 'sync' | 'disconnect') => {
    setBusy(what);
    setError(null);
    setSaid(null);
    try {
      if (what === 'disconnect') onChange(await mailboxApi.disconnect());
      else {
        const r = await mailboxApi.syncNow();
        onChange(r);
        // A failed run says so in its alert: no "synced" beside it.
        if (r.message) setSaid(r.message);
        else if (r.connected && !r.lastError)
          setSaid(r.copied ? `${r.copied} new message${r.copied === 1 ? '' : 's'} joined your leads’ conversations.` : 'Synced: nothing new with your leads.');
      }
    } catch (err) {
      setError(messageOf(err, what === 'sync' ? 'Your mailbox could not be synced' : 'Your mailbox could not be disconnected'));
    }
    setBusy(null);
  };
  return (
    <div className={panel.form}>
      <dl className={styles.facts}>
        <dt>Provider</dt>
        <dd>{MAILBOX_PROVIDER_LABEL[status.provider]}</dd>
        <dt>Address</dt>
        <dd>{status.address}</dd>
        <dt>Status</dt>
        <dd>{STATE_LABEL[status.state]}</dd>
        <dt>Last sync</dt>
        <dd>{when(status.lastSyncAt)}</dd>
        {status.state === 'retrying' && status.nextAttemptAt && (
          <>
            <dt>Next try</dt>
            <dd>{when(status.nextAttemptAt)}</dd>
          </>
        )}
        <dt>Messages with leads</dt>
        <dd>{status.messages}</dd>
      </dl>
      {status.lastError && (
        <p role="alert" className={panel.error}>
          {status.lastError}
          {status.state === 'stopped' && !oauth ? '. Disconnect and connect again with the right password.' : ''}
        </p>
      )}
      {status.state === 'stopped' && oauth && consentable.includes(oauth) && (
        <div>
          <ConsentButton provider={oauth} again />
        </div>
      )}
      <Actions said={said}>
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void act('sync')}>
          {busy === 'sync' ? 'Syncing…' : 'Sync now'}
        </button>
        <button type="button" className="btn" disabled={busy !== null} onClick={() => void act('disconnect')}>
          {busy === 'disconnect' ? 'Disconnecting…' : 'Disconnect'}
        </button>
      </Actions>
      <Problem text={error} />
    </div>
  );
}
