import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { Link } from '../../../app/Link';
import { FEED_PRESETS, type FeedPreset, type FeedPresetKey, type FeedTestResult } from '../../../../../src/contract/feed-presets';
import { FEED_RESOURCE_NAMES, type FeedResourceName } from '../../../../../src/contract/feeds';
import forms from '../../../ui/forms.module.css';
import { type FeedAuthForm, feedSetupApi } from '../api/feedSetupApi';
import styles from './FeedSetupView.module.css';

type Draft = {
  readonly preset: FeedPresetKey;
  readonly name: string;
  readonly url: string;
  readonly auth: 'oauth2' | 'bearer';
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string;
  readonly token: string;
  readonly resources: readonly FeedResourceName[];
  readonly pageSize: number;
  readonly filter: string;
};

const fromPreset = (p: FeedPreset, name: string): Draft => ({
  preset: p.key,
  name,
  url: p.serviceRoot,
  auth: p.auth,
  tokenUrl: p.tokenUrl ?? '',
  clientId: '',
  clientSecret: '',
  scope: p.scope ?? '',
  token: '',
  resources: p.resources,
  pageSize: p.pageSize,
  filter: p.filter ?? '',
});
const presetOf = (key: FeedPresetKey) => FEED_PRESETS.find((p) => p.key === key)!;
const MLS_NAME = /^[A-Za-z0-9_]{1,32}$/;
// A preset's {dataset} or {mls} is the part each MLS gives its licensees.
const PLACEHOLDER = /\{[a-z]+\}/;

type Said = { readonly error: boolean; readonly text: string } | null;

/**
 * The MLS feed setup screen (`/dashboard?view=feeds`, staff): pick a vendor preset (or "Other
 * RESO server"), fill in the credentials, "Test connection" against the server (a token and a
 * `$top=1` Property query, step by step), and save: a save tests first and keeps nothing that
 * fails. Feeds are the platform's (every site searches every listing), hence staff only.
 */
export function FeedSetupView() {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => fromPreset(presetOf('bridge'), ''));
  const [result, setResult] = useState<FeedTestResult | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const preset = presetOf(draft.preset);
  const set = (change: Partial<Draft>) => (setDraft((d) => ({ ...d, ...change })), setResult(null));

  const auth = (): FeedAuthForm =>
    draft.auth === 'oauth2'
      ? {
          kind: 'oauth2',
          tokenUrl: draft.tokenUrl.trim(),
          clientId: draft.clientId.trim(),
          clientSecret: draft.clientSecret,
          scope: draft.scope.trim() || null,
        }
      : { kind: 'bearer', token: draft.token.trim() };

  /** What to fix before any request, in the form's words; null: ready to test. */
  const problem = (): string | null => {
    if (!draft.url.trim()) return 'Please enter the service root URL';
    if (PLACEHOLDER.test(draft.url)) return `Replace ${PLACEHOLDER.exec(draft.url)![0]} in the service root URL with the value your MLS gave you`;
    if (PLACEHOLDER.test(draft.filter)) return `Replace ${PLACEHOLDER.exec(draft.filter)![0]} in the filter with the value your MLS gave you`;
    if (draft.auth === 'oauth2' && (!draft.tokenUrl.trim() || !draft.clientId.trim() || !draft.clientSecret))
      return 'Please enter the token URL, client ID and client secret';
    if (draft.auth === 'bearer' && !draft.token.trim()) return 'Please enter the access token';
    if (!draft.resources.includes('Property')) return 'A feed reads Property; keep it ticked';
    return null;
  };

  const runTest = async (): Promise<boolean> => {
    const wrong = problem();
    if (wrong) return (setSaid({ error: true, text: wrong }), false);
    setSaid(null);
    const r = await feedSetupApi.test(draft.url.trim(), auth(), draft.resources, draft.filter.trim() || null);
    setResult(r);
    const failed = r.steps.find((s) => !s.ok);
    setSaid(
      failed
        ? { error: true, text: `Connection failed: ${failed.message}` }
        : { error: false, text: 'Connection works: the server issued what was asked and answered a Property query.' },
    );
    return r.ok;
  };

  const guarded = (what: 'test' | 'save', run: () => Promise<void>) => {
    if (busy) return;
    setBusy(what);
    run()
      .catch((err: unknown) => setSaid({ error: true, text: err instanceof ApiError ? err.message : 'The server cannot be reached' }))
      .finally(() => setBusy(null));
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!MLS_NAME.test(draft.name))
      return setSaid({ error: true, text: 'The feed name must be 1 to 32 letters, digits or underscores (it prefixes every listing id)' });
    guarded('save', async () => {
      if (!(await runTest())) return;
      const r = await feedSetupApi.save({
        name: draft.name,
        url: draft.url.trim(),
        auth: auth(),
        resources: draft.resources,
        pageSize: draft.pageSize,
        pollIntervalSeconds: preset.pollIntervalSeconds,
        paging: preset.paging,
        filter: draft.filter.trim() || null,
      });
      setSaid({
        error: false,
        text: `Feed ${r.name} ${r.created ? 'added' : 'saved'}. Its first sync starts on the next round of the scheduler; follow it under Back-office › Feeds.`,
      });
    });
  };

  const limits = preset.rateLimits;
  const figures = [
    limits.perSecond && `${limits.perSecond}/second`,
    limits.perMinute && `${limits.perMinute}/minute`,
    limits.perHour && `${limits.perHour.toLocaleString('en-US')}/hour`,
    limits.perDay && `${limits.perDay.toLocaleString('en-US')}/day`,
  ].filter(Boolean);

  return (
    <section className={styles.view} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>MLS feed setup</h1>
      <p className={styles.intro}>
        Listings come from your MLS over the RESO Web API. Pick your MLS's vendor, paste the credentials it gave you, and test the connection before saving.
      </p>
      <form className={`${forms.form} ${styles.card}`} onSubmit={save} noValidate>
        <label className={forms.field} htmlFor={`${id}-preset`}>
          <span className={forms.label}>Vendor</span>
          <select
            id={`${id}-preset`}
            className={forms.input}
            value={draft.preset}
            onChange={(e) => (setDraft((d) => fromPreset(presetOf(e.target.value as FeedPresetKey), d.name)), setResult(null), setSaid(null))}
          >
            {FEED_PRESETS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <p className={forms.hint}>
          {preset.hint}
          {preset.docsUrl && (
            <>
              {' '}
              <a href={preset.docsUrl} target="_blank" rel="noreferrer noopener">
                {preset.label} documentation
              </a>
            </>
          )}
        </p>
        <p className={forms.banner} aria-label="Rate limits">
          <strong>Rate limits{figures.length ? `: ${figures.join(', ')}` : ''}.</strong> {limits.note} Page size {preset.pageSize.toLocaleString('en-US')}.
        </p>
        <label className={forms.field} htmlFor={`${id}-name`}>
          <span className={forms.label}>Feed name</span>
          <input
            id={`${id}-name`}
            className={forms.input}
            value={draft.name}
            maxLength={32}
            autoComplete="off"
            placeholder="e.g. actris"
            onChange={(e) => set({ name: e.target.value })}
            aria-describedby={`${id}-name-hint`}
          />
          <span id={`${id}-name-hint`} className={forms.hint}>
            Letters, digits or underscores; it prefixes every listing id of this feed.
          </span>
        </label>
        <label className={forms.field} htmlFor={`${id}-url`}>
          <span className={forms.label}>Service root URL</span>
          <input
            id={`${id}-url`}
            className={forms.input}
            type="url"
            inputMode="url"
            value={draft.url}
            autoComplete="off"
            onChange={(e) => set({ url: e.target.value })}
          />
        </label>
        {draft.auth === 'oauth2' ? (
          <div className={forms.row}>
            <label className={forms.field} htmlFor={`${id}-token-url`}>
              <span className={forms.label}>Token URL</span>
              <input
                id={`${id}-token-url`}
                className={forms.input}
                type="url"
                inputMode="url"
                value={draft.tokenUrl}
                autoComplete="off"
                onChange={(e) => set({ tokenUrl: e.target.value })}
              />
            </label>
            <label className={forms.field} htmlFor={`${id}-scope`}>
              <span className={forms.label}>Scope (optional)</span>
              <input id={`${id}-scope`} className={forms.input} value={draft.scope} autoComplete="off" onChange={(e) => set({ scope: e.target.value })} />
            </label>
            <label className={forms.field} htmlFor={`${id}-client`}>
              <span className={forms.label}>Client ID</span>
              <input
                id={`${id}-client`}
                className={forms.input}
                value={draft.clientId}
                autoComplete="off"
                onChange={(e) => set({ clientId: e.target.value })}
              />
            </label>
            <label className={forms.field} htmlFor={`${id}-secret`}>
              <span className={forms.label}>Client secret</span>
              <input
                id={`${id}-secret`}
                className={forms.input}
                type="password"
                value={draft.clientSecret}
                autoComplete="new-password"
                onChange={(e) => set({ clientSecret: e.target.value })}
              />
            </label>
          </div>
        ) : (
          <label className={forms.field} htmlFor={`${id}-token`}>
            <span className={forms.label}>Access token</span>
            <input
              id={`${id}-token`}
              className={forms.input}
              type="password"
              value={draft.token}
              autoComplete="new-password"
              onChange={(e) => set({ token: e.target.value })}
            />
          </label>
        )}
        {preset.key === 'other' && (
          <label className={forms.check} htmlFor={`${id}-bearer`}>
            <input
              id={`${id}-bearer`}
              type="checkbox"
              checked={draft.auth === 'bearer'}
              onChange={(e) => set({ auth: e.target.checked ? 'bearer' : 'oauth2' })}
            />
            The server gave a fixed access token (no token URL)
          </label>
        )}
        {(draft.filter || preset.filter) && (
          <label className={forms.field} htmlFor={`${id}-filter`}>
            <span className={forms.label}>Filter the vendor requires</span>
            <input id={`${id}-filter`} className={forms.input} value={draft.filter} autoComplete="off" onChange={(e) => set({ filter: e.target.value })} />
          </label>
        )}
        <fieldset className={styles.resources}>
          <legend>Resources</legend>
          {FEED_RESOURCE_NAMES.map((r) => (
            <label key={r} className={forms.check} htmlFor={`${id}-r-${r}`}>
              <input
                id={`${id}-r-${r}`}
                type="checkbox"
                checked={draft.resources.includes(r)}
                disabled={r === 'Property'}
                onChange={(e) =>
                  set({
                    resources: e.target.checked
                      ? FEED_RESOURCE_NAMES.filter((x) => x === r || draft.resources.includes(x))
                      : draft.resources.filter((x) => x !== r),
                  })
                }
              />
              {r}
            </label>
          ))}
        </fieldset>
        <p role="status" className={said?.error ? forms.error : said ? forms.success : forms.hint}>
          {said?.text}
        </p>
        {result && (
          <ol className={styles.steps} aria-label="Connection test">
            {result.steps.map((s, i) => (
              <li key={i} className={styles.step}>
                <span className={s.ok ? styles.ok : styles.bad} aria-hidden="true">
                  {s.ok ? '✓' : '✗'}
                </span>
                <span>
                  <strong>{s.label}</strong>: {s.message} <span className="visually-hidden">({s.ok ? 'passed' : 'failed'})</span>
                </span>
              </li>
            ))}
          </ol>
        )}
        <div className={forms.actions}>
          <button type="button" className="btn btn-secondary" disabled={busy !== null} onClick={() => guarded('test', async () => void (await runTest()))}>
            {busy === 'test' ? 'Testing…' : 'Test connection'}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy === 'save' ? 'Testing and saving…' : 'Save feed'}
          </button>
          <Link href="/dashboard/backoffice?view=feeds">Feeds in the back-office</Link>
        </div>
      </form>
    </section>
  );
}
