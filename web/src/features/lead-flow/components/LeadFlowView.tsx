import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import type { Agent } from '../../../api/dashboardApi';
import { Link } from '../../../app/Link';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import { leadFlowApi, messageOf } from '../api/leadFlowApi';
import { UnreadDeliveries } from './UnreadDeliveries';
import styles from './LeadFlowView.module.css';

type Flow = ResponseOf<typeof contract.leadFlow.get>;
type Target = { assignTo: string; actionPlanId: string | null };

/** A source with no rule of its own follows the default rule. */
const AS_DEFAULT = '';

/**
 * `/dashboard?view=lead-flow` (broker): for each source the office's leads come from, who gets
 * its new leads and which action plan starts; the default rule for every other source; the
 * intake address and URL portals send leads to; and what came in that could not be read.
 */
export function LeadFlowView({ agents }: { agents: readonly Agent[] }) {
  const [flow, setFlow] = useState<Flow | null>(null);
  const [rows, setRows] = useState<Record<string, Target>>({});
  const [defaultRule, setDefaultRule] = useState<Target>({ assignTo: 'routing-rules', actionPlanId: null });
  const [extra, setExtra] = useState<string[]>([]);
  const [newSource, setNewSource] = useState('');
  const [googleKey, setGoogleKey] = useState('');
  const [renewing, setRenewing] = useState<'url' | 'email' | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [status, setStatus] = useState<ReactNode>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { source: useId(), google: useId() };

  const take = (f: Flow) => {
    setFlow(f);
    setRows(Object.fromEntries(f.rules.map((r) => [r.source, { assignTo: r.assignTo, actionPlanId: r.actionPlanId }])));
    setDefaultRule(f.defaultRule);
    setExtra([]);
  };

  useEffect(() => {
    void leadFlowApi.get().then(take, (err: unknown) => setError(messageOf(err, 'Could not load the lead flow')));
  }, []);

  const sources = flow ? [...new Map([...flow.sources, ...Object.keys(rows), ...extra].map((s) => [s.toLowerCase(), s])).values()] : [];
  const plans = flow?.plans ?? [];
  const people = agents.filter((a) => a.securityLevel >= 10);

  const save = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const rules = Object.entries(rows)
      .filter(([, t]) => t.assignTo !== AS_DEFAULT)
      .map(([source, t]) => ({ source, ...t }));
    leadFlowApi
      .put({ rules, defaultRule })
      .then((f) => {
        take(f);
        setStatus('Lead flow saved: new leads follow it from now on.');
      })
      .catch((err: unknown) => setError(messageOf(err, 'Could not save the lead flow')));
  };

  const addSource = (e: FormEvent) => {
    e.preventDefault();
    const s = newSource.trim();
    if (!s) return;
    if (!sources.some((x) => x.toLowerCase() === s.toLowerCase())) setExtra((xs) => [...xs, s]);
    setNewSource('');
    setStatus(`Added “${s}”: choose who gets its leads, then save.`);
  };

  /** The sources only: rules being edited and not yet saved stay as they are. */
  const refreshForms = () => {
    setRefreshing(true);
    setError(null);
    Promise.all([leadFlowApi.refreshForms(), leadFlowApi.facebookPages()])
      .then(([f, pages]) => {
        const before = new Set(flow?.sources.map((s) => s.toLowerCase()));
        const added = f.sources.filter((s) => !before.has(s.toLowerCase())).length;
        setFlow((old) => (old ? { ...old, sources: f.sources } : f));
        if (pages.length === 0)
          setStatus(
            <>
              No Facebook page is connected, so there are no lead forms to list: connect one in{' '}
              <Link href="/dashboard?view=facebook">Settings → Facebook lead ads</Link>.
            </>,
          );
        else setStatus(added ? `Facebook lead forms refreshed: ${added} new source${added === 1 ? '' : 's'}.` : 'Facebook lead forms refreshed: nothing new.');
      })
      .catch((err: unknown) => setError(messageOf(err, 'Could not refresh the Facebook lead forms')))
      .finally(() => setRefreshing(false));
  };

  const copy = (what: string, text: string) =>
    navigator.clipboard?.writeText(text).then(
      () => setStatus(`${what} copied.`),
      () => setStatus('Copying was refused: select the text and copy it by hand.'),
    );

  /** Rejects with the refusal: the confirm dialog says it inside, the first "Create" on the screen. */
  const renew = (channel: 'url' | 'email') => {
    setError(null);
    return leadFlowApi.newToken(channel).then((f) => {
      const first = (channel === 'url' ? flow?.intakeUrl : flow?.intakeEmail) === null;
      setRenewing(null);
      setFlow((old) => (old ? { ...old, intakeEmail: f.intakeEmail, intakeUrl: f.intakeUrl } : f));
      const noun = channel === 'url' ? 'intake URL' : 'intake address';
      setStatus(first ? `Your ${noun} is ready: copy it into the portal.` : `New ${noun} made: the old one no longer takes leads.`);
    });
  };

  /** One way in: the address or URL with copy and renew, or (none made yet) a button that makes it. */
  const intake = (channel: 'url' | 'email', label: string, noun: string, value: string | null) => (
    <>
      <dt>{label}</dt>
      <dd>
        {value === null ? (
          <>
            <span className={panel.muted}>None yet.</span>
            <span className={styles.buttons}>
              <button type="button" className="btn" onClick={() => renew(channel).catch((err: unknown) => setError(messageOf(err, 'Could not make it')))}>
                Create {noun}
              </button>
            </span>
          </>
        ) : (
          <>
            <code data-testid={channel === 'url' ? 'intake-url' : 'intake-email'}>{value}</code>
            <span className={styles.buttons}>
              <button type="button" className="btn" onClick={() => void copy(label, value)}>
                Copy {noun}
              </button>
              <button type="button" className="btn" onClick={() => setRenewing(channel)}>
                New {label.toLowerCase()}
              </button>
            </span>
          </>
        )}
      </dd>
    </>
  );

  const saveGoogleKey = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const key = googleKey.trim() || null;
    leadFlowApi
      .googleKey(key)
      .then(() => {
        setFlow((f) => (f ? { ...f, googleKeySet: key !== null } : f));
        setGoogleKey('');
        setStatus(key ? 'Google Ads key saved.' : 'Google Ads key removed.');
      })
      .catch((err: unknown) => setError(messageOf(err, 'Could not save the key')));
  };

  const targetSelect = (label: string, value: string, onChange: (v: string) => void, withDefault: boolean) => (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      {withDefault && <option value={AS_DEFAULT}>As every other source</option>}
      <option value="routing-rules">The office&rsquo;s routing rules</option>
      <option value="round-robin">Round robin</option>
      <option value="pond">The office pond</option>
      {people.map((a) => (
        <option key={a.userId} value={a.userId}>
          {a.fullName}
          {a.active ? '' : ' (off)'}
        </option>
      ))}
    </select>
  );
  const planSelect = (label: string, value: string | null, onChange: (v: string | null) => void, disabled = false) => (
    <select aria-label={label} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value || null)}>
      <option value="">No plan</option>
      {plans.map((p) => (
        <option key={p.planId} value={p.planId}>
          {p.name}
        </option>
      ))}
    </select>
  );

  return (
    <div className={styles.view}>
      <h1>Lead flow</h1>
      <p role="status" className={styles.status}>
        {status}
      </p>
      {error && (
        <p role="alert" className={panel.error}>
          {error}
        </p>
      )}
      {flow === null ? (
        !error && <p className={panel.muted}>Loading…</p>
      ) : (
        <>
          <section className={panel.panel} aria-labelledby="lf-intake-title">
            <h2 id="lf-intake-title">Where portals send leads</h2>
            <p className={panel.muted}>
              Give the address to portals that e-mail leads (Zillow, Realtor.com, Homes.com…) and the URL to those that post them (Zillow Tech Connect, lead
              delivery webhooks, Google Ads lead forms, Zapier).
            </p>
            <dl className={styles.intake}>
              {intake('email', 'Intake address', 'address', flow.intakeEmail)}
              {intake('url', 'Intake URL', 'URL', flow.intakeUrl)}
            </dl>
            <form className={styles.inline} onSubmit={saveGoogleKey}>
              <label htmlFor={ids.google}>
                Google Ads lead form key {flow.googleKeySet ? '(set)' : '(not set)'}
                <input
                  id={ids.google}
                  value={googleKey}
                  onChange={(e) => setGoogleKey(e.target.value)}
                  maxLength={200}
                  autoComplete="off"
                  placeholder={flow.googleKeySet ? 'Type a new key, or leave empty to remove it' : 'The key set in Google Ads'}
                />
              </label>
              <button type="submit" className="btn">
                Save key
              </button>
            </form>
          </section>

          <section className={panel.panel} aria-labelledby="lf-rules-title">
            <h2 id="lf-rules-title">Who gets each source&rsquo;s leads</h2>
            <form onSubmit={save}>
              <table className={styles.rules}>
                <thead>
                  <tr>
                    <th scope="col">Source</th>
                    <th scope="col">Goes to</th>
                    <th scope="col">Starts plan</th>
                  </tr>
                </thead>
                <tbody>
                  {sources.map((s) => {
                    const t = rows[s] ?? { assignTo: AS_DEFAULT, actionPlanId: null };
                    const set = (next: Target) => setRows((r) => ({ ...r, [s]: next }));
                    return (
                      <tr key={s}>
                        <th scope="row">{s}</th>
                        <td data-label="Goes to">
                          {targetSelect(
                            `Who gets ${s} leads`,
                            t.assignTo,
                            (v) => set({ assignTo: v, actionPlanId: v === AS_DEFAULT ? null : t.actionPlanId }),
                            true,
                          )}
                        </td>
                        <td data-label="Starts plan">
                          {planSelect(`Plan for ${s} leads`, t.actionPlanId, (v) => set({ ...t, actionPlanId: v }), t.assignTo === AS_DEFAULT)}
                        </td>
                      </tr>
                    );
                  })}
                  <tr className={styles.default}>
                    <th scope="row">Every other source</th>
                    <td data-label="Goes to">
                      {targetSelect('Who gets leads of every other source', defaultRule.assignTo, (v) => setDefaultRule((d) => ({ ...d, assignTo: v })), false)}
                    </td>
                    <td data-label="Starts plan">
                      {planSelect('Plan for leads of every other source', defaultRule.actionPlanId, (v) => setDefaultRule((d) => ({ ...d, actionPlanId: v })))}
                    </td>
                  </tr>
                </tbody>
              </table>
              <div className={panel.actions}>
                <button type="submit" className="btn">
                  Save lead flow
                </button>
              </div>
            </form>
            <form className={styles.inline} onSubmit={addSource}>
              <label htmlFor={ids.source}>
                Another source (an API source name, a Facebook form)
                <input id={ids.source} value={newSource} onChange={(e) => setNewSource(e.target.value)} maxLength={60} autoComplete="off" />
              </label>
              <button type="submit" className="btn">
                Add source
              </button>
            </form>
            <p className={styles.inline}>
              <span className={panel.muted}>Facebook lead forms are listed as they were when their page was connected or last refreshed.</span>
              <button type="button" className="btn" onClick={refreshForms} disabled={refreshing} aria-busy={refreshing}>
                {refreshing ? 'Refreshing forms…' : 'Refresh forms'}
              </button>
            </p>
          </section>

          <UnreadDeliveries sources={sources} onStatus={setStatus} />
        </>
      )}
      <ConfirmDialog
        open={renewing !== null}
        title={renewing === 'url' ? 'Make a new intake URL?' : 'Make a new intake address?'}
        action={renewing === 'url' ? 'Make new URL' : 'Make new address'}
        busyAction="Making…"
        onCancel={() => setRenewing(null)}
        onConfirm={() => renewing && renew(renewing)}
      >
        <p>The one in use stops taking leads at once: give the new one to every portal that sends to it.</p>
      </ConfirmDialog>
    </div>
  );
}
