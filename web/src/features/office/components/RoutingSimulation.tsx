import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import { useT } from '../../../ui/translations';
import { type Agent, dashboardApi } from '../../../api/dashboardApi';
import { CLAIM_WINDOW_MAX } from '../api/pondApi';
import { type CandidateRules, MAX_WEIGHT, type Placement, type RoutingRuleSet, routingSimulationApi, type SimulationResult } from '../api/routingSimulationApi';
import panel from '../../../ui/RoutingSettingsPanel.module.css';
import styles from './RoutingSimulation.module.css';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The candidate as the editor holds it: text inputs as typed, checked per agent. */
type Draft = { listingAgentFirst: boolean; on: Record<string, boolean>; weight: Record<string, string>; pond: boolean; minutes: string };

const draftOf = (r: RoutingRuleSet, agents: readonly Agent[]): Draft => ({
  listingAgentFirst: r.listingAgentFirst,
  on: Object.fromEntries(agents.map((a) => [a.userId, !r.off.includes(a.userId)])),
  weight: Object.fromEntries(agents.map((a) => [a.userId, String(r.weights[a.userId] ?? 1)])),
  pond: r.pond.enabled,
  minutes: String(r.pond.claimWindowMinutes),
});

/** The candidate rules of a draft, or the first thing wrong with it. */
function rulesOf(d: Draft, agents: readonly Agent[]): CandidateRules | { error: 'weight' | 'window' } {
  const weights: Record<string, number> = {};
  for (const a of agents) {
    const w = Number(d.weight[a.userId]);
    if (!/^\d{1,2}$/.test(d.weight[a.userId] ?? '') || w < 1 || w > MAX_WEIGHT) return { error: 'weight' };
    if (w !== 1) weights[a.userId] = w;
  }
  const minutes = Number(d.minutes);
  if (!/^\d{1,4}$/.test(d.minutes) || minutes > CLAIM_WINDOW_MAX) return { error: 'window' };
  return {
    listingAgentFirst: d.listingAgentFirst,
    weights,
    off: agents.filter((a) => !d.on[a.userId]).map((a) => a.userId),
    pond: { enabled: d.pond, claimWindowMinutes: minutes },
  };
}

/**
 * The routing simulation screen (issue 19 part 4): the broker picks a past period and edits
 * candidate rules (listing agent first, each agent on or off and their round-robin weight, the
 * pond); the server replays the period's leads from the event log under the rules of their time
 * and under the candidate, touching nothing. The result: leads per agent, actual vs candidate,
 * and every lead the candidate would place elsewhere, with the rule that decided. "Apply these
 * rules" then records them (a new version).
 */
export function RoutingSimulation({ onClose }: { readonly onClose: () => void }) {
  const t = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [agents, setAgents] = useState<readonly Agent[] | null>(null);
  const [inForce, setInForce] = useState<RoutingRuleSet | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [from, setFrom] = useState(() => day(new Date(Date.now() - 30 * 86_400_000)));
  const [to, setTo] = useState(() => day(new Date()));
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<SimulationResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  useEffect(() => {
    heading.current?.focus();
    Promise.all([dashboardApi.agents(), routingSimulationApi.rules()]).then(
      ([a, r]) => {
        const office = a.agents.filter((x) => x.securityLevel === 10);
        setAgents(office);
        setInForce(r.rules);
        setDraft(draftOf(r.rules, office));
      },
      (err: unknown) => setError(err instanceof ApiError ? err.message : t('routingSim.loadFailed', 'The routing rules could not be loaded')),
    );
    // Loaded once when the screen opens.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const nameOf = (agentId: string | null) =>
    agentId === null
      ? t('routingSim.pond', 'Office pond')
      : result?.agents.find((a) => a.agentId === agentId)?.name || agents?.find((a) => a.userId === agentId)?.fullName || agentId;
  const ruleLabel = (rule: string) =>
    ({
      'round-robin': t('routingSim.rule.roundRobin', 'Round robin'),
      'listing-agent': t('routingSim.rule.listingAgent', 'Listing agent'),
      'agent-page': t('routingSim.rule.agentPage', 'Agent page'),
      'owner-fallback': t('routingSim.rule.ownerFallback', 'Broker (nobody active)'),
      'pond-first': t('routingSim.rule.pondFirst', 'Pond first'),
      'lead-flow': t('routingSim.rule.leadFlow', 'Lead flow'),
    })[rule] ?? rule;
  const placed = (p: Placement) => `${nameOf(p.agentId)} (${ruleLabel(p.rule)})`;
  const invalid = (e: 'weight' | 'window') =>
    e === 'weight'
      ? t('routingSim.weightError', 'A round-robin weight is a whole number from 1 to 10')
      : t('routingSim.windowError', 'The claim window is a whole number of minutes from 0 to 1440');

  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft || !agents) return;
    const rules = rulesOf(draft, agents);
    if ('error' in rules) return setError(invalid(rules.error));
    setRunning(true);
    setProgress(0);
    setError(null);
    setStatus(null);
    setResult(null);
    try {
      setResult(await routingSimulationApi.simulate(from, to, rules, setProgress));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('routingSim.failed', 'The simulation could not be run'));
    }
    setRunning(false);
  };

  const apply = async () => {
    if (!draft || !agents) return;
    const rules = rulesOf(draft, agents);
    if ('error' in rules) return setError(invalid(rules.error));
    setApplying(true);
    setError(null);
    try {
      const r = await routingSimulationApi.apply(rules);
      setInForce(r.rules);
      setStatus(t('routingSim.applied', 'Routing rules version {version} applied', { version: r.rules.version }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('routingSim.applyFailed', 'The rules could not be applied'));
    }
    setApplying(false);
  };

  const set = (change: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...change } : d));
  return (
    <section className={`${panel.panel} ${styles.screen}`} aria-labelledby={`${id}-title`}>
      <div className={styles.head}>
        <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {t('routingSim.title', 'Routing simulation')}
        </h2>
        <button type="button" className="btn" onClick={onClose}>
          {t('routingSim.close', 'Close simulation')}
        </button>
      </div>
      <p className={panel.muted}>
        {t('routingSim.intro', 'Try candidate rules on the leads of a past period, replayed from the log. Nothing changes until you apply them.')}
      </p>
      {inForce && <p className={panel.muted}>{t('routingSim.inForce', 'Rules in force: version {version}', { version: inForce.version })}</p>}
      {draft === null && !error && <p className={panel.muted}>{t('routingSim.loading', 'Loading…')}</p>}
      {draft && agents && (
        <form className={panel.form} onSubmit={(e) => void run(e)} noValidate>
          <fieldset className={styles.fields}>
            <legend>{t('routingSim.period', 'Period')}</legend>
            <label htmlFor={`${id}-from`}>{t('routingSim.from', 'From')}</label>
            <input id={`${id}-from`} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} required />
            <label htmlFor={`${id}-to`}>{t('routingSim.to', 'To')}</label>
            <input id={`${id}-to`} type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} required />
          </fieldset>
          <fieldset className={styles.fields}>
            <legend>{t('routingSim.candidate', 'Candidate rules')}</legend>
            <label className={panel.check}>
              <input type="checkbox" checked={draft.listingAgentFirst} onChange={(e) => set({ listingAgentFirst: e.target.checked })} />{' '}
              {t('routingSim.listingFirst', 'Listing agent first')}
            </label>
            {agents.length === 0 && <p className={panel.muted}>{t('routingSim.noAgents', 'No agents in the office yet.')}</p>}
            <ul className={styles.agents}>
              {agents.map((a) => (
                <li key={a.userId}>
                  <label className={panel.check}>
                    <input type="checkbox" checked={draft.on[a.userId] ?? true} onChange={(e) => set({ on: { ...draft.on, [a.userId]: e.target.checked } })} />{' '}
                    {t('routingSim.agentOn', '{name} takes leads', { name: a.fullName })}
                  </label>
                  <label htmlFor={`${id}-w-${a.userId}`}>{t('routingSim.weight', 'Weight')}</label>
                  <input
                    id={`${id}-w-${a.userId}`}
                    className={styles.number}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_WEIGHT}
                    value={draft.weight[a.userId] ?? '1'}
                    onChange={(e) => set({ weight: { ...draft.weight, [a.userId]: e.target.value } })}
                  />
                </li>
              ))}
            </ul>
            <label className={panel.check}>
              <input type="checkbox" checked={draft.pond} onChange={(e) => set({ pond: e.target.checked })} /> {t('routingSim.pondOn', 'Lead pond')}
            </label>
            <label htmlFor={`${id}-minutes`}>{t('routingSim.window', 'Claim window (minutes)')}</label>
            <input
              id={`${id}-minutes`}
              className={styles.number}
              type="number"
              inputMode="numeric"
              min={0}
              max={CLAIM_WINDOW_MAX}
              value={draft.minutes}
              disabled={!draft.pond}
              onChange={(e) => set({ minutes: e.target.value })}
            />
          </fieldset>
          <div className={panel.actions}>
            <button type="submit" className="btn btn-primary" disabled={running}>
              {running ? t('routingSim.running', 'Replaying…') : t('routingSim.run', 'Run simulation')}
            </button>
            <button type="button" className="btn" disabled={applying || running} onClick={() => void apply()}>
              {applying ? t('routingSim.applying', 'Applying…') : t('routingSim.apply', 'Apply these rules')}
            </button>
          </div>
        </form>
      )}
      <div role="status" className={styles.status}>
        {running && (
          <>
            <progress aria-label={t('routingSim.progress', 'Replaying the period’s leads')} max={1} value={progress} />{' '}
            {t('routingSim.progressPercent', 'Replaying the period’s leads: {percent}% of the log read', { percent: Math.round(progress * 100) })}
          </>
        )}
        {status}
      </div>
      {error && (
        <p role="alert" className={panel.error}>
          {error}
        </p>
      )}
      {result && (
        <div className={styles.result}>
          <p>
            {t('routingSim.summary', '{leads} leads replayed; {changed} would go elsewhere.', { leads: result.leads, changed: result.changedCount })}{' '}
            {result.unfaithful === 0
              ? t('routingSim.faithful', 'The rules of their time reproduce every assignment.')
              : t('routingSim.unfaithful', '{count} leads were placed otherwise than the replay of their time says.', { count: result.unfaithful })}
          </p>
          {result.leads === 0 && <p className={panel.muted}>{t('routingSim.empty', 'No leads were routed in this period.')}</p>}
          <div className={styles.scroll} tabIndex={0} role="region" aria-label={t('routingSim.perAgent', 'Leads per agent')}>
            <table className={styles.table}>
              <caption>{t('routingSim.perAgent', 'Leads per agent')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('routingSim.agent', 'Agent')}</th>
                  <th scope="col">{t('routingSim.actual', 'Actual')}</th>
                  <th scope="col">{t('routingSim.candidateColumn', 'Candidate')}</th>
                </tr>
              </thead>
              <tbody>
                {result.agents.map((a) => (
                  <tr key={a.agentId ?? 'pond'}>
                    <th scope="row">{nameOf(a.agentId)}</th>
                    <td>{a.actual}</td>
                    <td>{a.candidate}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {result.changed.length > 0 && (
            <div className={styles.scroll} tabIndex={0} role="region" aria-label={t('routingSim.changed', 'Leads that would change')}>
              <table className={styles.table}>
                <caption>
                  {t('routingSim.changed', 'Leads that would change')}
                  {result.changedCount > result.changed.length &&
                    ` ${t('routingSim.firstOf', '(the first {shown} of {count})', { shown: result.changed.length, count: result.changedCount })}`}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('routingSim.lead', 'Lead')}</th>
                    <th scope="col">{t('routingSim.captured', 'Came in')}</th>
                    <th scope="col">{t('routingSim.actual', 'Actual')}</th>
                    <th scope="col">{t('routingSim.candidateColumn', 'Candidate')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.changed.map((c) => (
                    <tr key={c.leadId}>
                      <th scope="row">{c.fullName}</th>
                      <td>{new Date(c.capturedAt).toLocaleString()}</td>
                      <td>{placed(c.actual)}</td>
                      <td>{placed(c.candidate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
