import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import { ShownOnce } from '../../../ui/ShownOnce';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { SettingsList } from '../../../ui/SettingsList';
import { SaidAndFailed } from '../../../ui/StatusLine';
import { apiKeysApi } from '../api/apiKeysApi';
import styles from './ApiKeysView.module.css';

type Key = ResponseOf<typeof contract.apiKeys.list>['keys'][number];
type Made = ResponseOf<typeof contract.apiKeys.create>;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');
const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * `/dashboard?view=api`: the viewer's API keys for the brokerage's other tools (a dialer, the
 * transaction software). A key acts as the viewer with their scope; it is shown once, when made.
 */
export function ApiKeysView() {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [name, setName] = useState('');
  const [made, setMade] = useState<Made | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<Key | null>(null);
  const nameId = useId();

  useEffect(() => {
    void apiKeysApi.list().then(
      (r) => setKeys(r.keys),
      (err: unknown) => setError(messageOf(err, 'Could not load your API keys')),
    );
  }, []);

  const create = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    apiKeysApi
      .create(name)
      .then((r) => {
        setMade(r);
        setName('');
        setStatus(null);
        // The list is a read model: the new key goes in at once rather than after it catches up.
        setKeys((ks) => [
          { keyId: r.keyId, name: r.name, createdAt: new Date().toISOString(), lastUsedAt: null },
          ...(ks ?? []).filter((k) => k.keyId !== r.keyId),
        ]);
      })
      .catch((err: unknown) => setError(messageOf(err, 'Could not make the key')));
  };

  /** A refusal is said in the dialog, which stays open. */
  const revoke = (key: Key) =>
    apiKeysApi.revoke(key.keyId).then(() => {
      setKeys((ks) => (ks ?? []).filter((k) => k.keyId !== key.keyId));
      if (made?.keyId === key.keyId) setMade(null);
      setStatus(`Revoked “${key.name}”: it no longer works.`);
      setRevoking(null);
    });

  return (
    <div className={styles.view}>
      <h1>API</h1>
      <section className={panel.panel} aria-labelledby="api-new-title">
        <h2 id="api-new-title">New API key</h2>
        <p className={panel.muted}>
          A key lets another tool use Porchlight&rsquo;s API v1 as you, seeing the leads you see. Name it after the tool that will hold it.
        </p>
        <form className={styles.form} onSubmit={create}>
          <label htmlFor={nameId}>
            Key name
            <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoComplete="off" placeholder="Dialer" />
          </label>
          <button type="submit" className="btn">
            Make key
          </button>
        </form>
        {made && (
          <ShownOnce
            title={`Your key “${made.name}”`}
            value={made.key}
            testId="api-key"
            copyLabel="Copy key"
            onCopied={setStatus}
            onDone={() => setMade(null)}
          />
        )}
        <SaidAndFailed status={status} error={error} />
      </section>
      <section className={panel.panel} aria-labelledby="api-keys-title">
        <h2 id="api-keys-title">Your keys</h2>
        <SettingsList items={keys} empty="No API keys yet. Make one above when a tool needs to reach your leads.">
          {(k) => (
            <li key={k.keyId} className={styles.row}>
              <div>
                <h3>{k.name}</h3>
                <span className={panel.muted}>
                  Made {when(k.createdAt)} · Last used {when(k.lastUsedAt)}
                </span>
              </div>
              <button type="button" className="btn" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                Revoke
              </button>
            </li>
          )}
        </SettingsList>
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        action="Revoke key"
        busyAction="Revoking…"
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(null)}
      >
        <p>“{revoking?.name}” stops working at once: the tools using it will be refused.</p>
      </ConfirmDialog>
    </div>
  );
}
