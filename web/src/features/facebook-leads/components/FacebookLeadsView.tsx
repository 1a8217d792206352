import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { SettingsList } from '../../../ui/SettingsList';
import { SaidAndFailed } from '../../../ui/StatusLine';
import { facebookLeadsApi } from '../api/facebookLeadsApi';
import { PageForms } from './PageForms';
import styles from './FacebookLeadsView.module.css';

type Page = ResponseOf<typeof contract.facebook.pages>['pages'][number];

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/**
 * `/dashboard?view=facebook` (brokers): the office's Facebook pages for lead ads. The broker
 * pastes a page's id and page access token (checked with Facebook, kept sealed, never shown
 * again); each page lists its lead forms with the source their leads are filed under (the lead
 * flow routes by it). A page whose token Facebook refused says so with Facebook's words and asks
 * to be reconnected.
 */
export function FacebookLeadsView() {
  const [pages, setPages] = useState<Page[] | null>(null);
  const [pageId, setPageId] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<Page | null>(null);
  const pageField = useId();
  const tokenField = useId();
  const tokenInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void facebookLeadsApi.pages().then(
      (r) => setPages(r.pages),
      (err: unknown) => setError(messageOf(err, 'Could not load your Facebook pages')),
    );
  }, []);

  const connect = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setStatus(null);
    setBusy(true);
    facebookLeadsApi
      .connect(pageId.trim(), token.trim())
      .then((p) => {
        setToken('');
        setPageId('');
        setStatus(`Connected “${p.name}”. Its lead ads’ leads now come in.`);
        // The list is a read model: the page goes in at once rather than after it catches up.
        setPages((ps) => [...(ps ?? []).filter((x) => x.pageId !== p.pageId), p].sort((a, b) => a.name.localeCompare(b.name)));
        setOpen(p.pageId);
      })
      .catch((err: unknown) => setError(messageOf(err, 'Could not connect the page')))
      .finally(() => setBusy(false));
  };

  const reconnect = (p: Page) => {
    setPageId(p.pageId);
    setToken('');
    setStatus(`Paste a new page access token for “${p.name}”.`);
    tokenInput.current?.focus();
  };

  /** A refusal is said in the dialog, which stays open. */
  const disconnect = (p: Page) =>
    facebookLeadsApi.disconnect(p.pageId).then(() => {
      setPages((ps) => (ps ?? []).filter((x) => x.pageId !== p.pageId));
      setStatus(`Disconnected “${p.name}”: its leads no longer come in.`);
      setLeaving(null);
    });

  const refused = (p: Page, problem: string) =>
    setPages((ps) => (ps ?? []).map((x) => (x.pageId === p.pageId ? { ...x, status: 'reconnect' as const, problem } : x)));

  return (
    <div className={styles.view}>
      <h1>Facebook lead ads</h1>
      <section className={panel.panel} aria-labelledby="fb-connect-title">
        <h2 id="fb-connect-title">Connect a page</h2>
        <p className={panel.muted}>
          Paste the page’s id and a page access token with the <code>leads_retrieval</code> permission (from Meta Business Suite or the Graph API Explorer). The
          token is checked with Facebook, kept encrypted and never shown again. To renew a page’s token, connect it again.
        </p>
        <form className={styles.form} onSubmit={connect}>
          <label htmlFor={pageField}>
            Page id
            <input
              id={pageField}
              value={pageId}
              onChange={(e) => setPageId(e.target.value)}
              inputMode="numeric"
              pattern="\s*\d{1,30}\s*"
              title="The page's number, as Facebook shows it"
              required
              autoComplete="off"
              placeholder="104857600000001"
            />
          </label>
          <label htmlFor={tokenField}>
            Page access token
            <input
              id={tokenField}
              ref={tokenInput}
              type="password"
              value={token}
              onChange={(e) => setToken(e.target.value)}
              required
              minLength={20}
              autoComplete="off"
              spellCheck={false}
            />
          </label>
          <button type="submit" className="btn" disabled={busy}>
            {busy ? 'Connecting…' : 'Connect page'}
          </button>
        </form>
        <SaidAndFailed status={status} error={error} />
      </section>
      <section className={panel.panel} aria-labelledby="fb-pages-title">
        <h2 id="fb-pages-title">Your pages</h2>
        <SettingsList items={pages} empty="No page connected yet. Connect one above and its lead forms’ leads arrive here as they are sent.">
          {(p) => (
            <li key={p.pageId} className={styles.page} data-page={p.pageId}>
              <div className={styles.pageHead}>
                <div>
                  <h3>{p.name}</h3>
                  <span className={panel.muted}>Page {p.pageId}</span>
                </div>
                <span className={styles.badge} data-tone={p.status === 'connected' ? 'good' : 'bad'}>
                  {p.status === 'connected' ? 'Connected' : 'Reconnect needed'}
                </span>
              </div>
              {p.status === 'reconnect' && (
                <p className={styles.error}>Facebook refused this page’s token: {p.problem} New leads wait until the page is reconnected.</p>
              )}
              <div className={styles.actions}>
                <button type="button" className="btn" aria-expanded={open === p.pageId} onClick={() => setOpen(open === p.pageId ? null : p.pageId)}>
                  {open === p.pageId ? 'Hide forms' : 'Show forms'}
                  <span className="visually-hidden"> of {p.name}</span>
                </button>
                <button type="button" className="btn" onClick={() => reconnect(p)}>
                  Reconnect<span className="visually-hidden"> {p.name}</span>
                </button>
                <button type="button" className="btn" onClick={() => setLeaving(p)}>
                  Disconnect<span className="visually-hidden"> {p.name}</span>
                </button>
              </div>
              {open === p.pageId && <PageForms page={p} onRefused={(problem) => refused(p, problem)} />}
            </li>
          )}
        </SettingsList>
      </section>
      <ConfirmDialog
        open={leaving !== null}
        title="Disconnect this page?"
        action="Disconnect page"
        busyAction="Disconnecting…"
        onConfirm={() => leaving && disconnect(leaving)}
        onCancel={() => setLeaving(null)}
      >
        <p>“{leaving?.name}” is forgotten with its token: the leads of its forms stop coming in until it is connected again.</p>
      </ConfirmDialog>
    </div>
  );
}
