import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/http';
import { type EnrolmentView, PAUSE_REASON_TEXT, type PlanView, type StepLogLine } from '../../../../../src/contract/plans';
import { useLeadEnrolments } from '../hooks/useLeadEnrolments';
import { useT } from '../../../ui/translations';
import { plansApi } from '../api/plansApi';
import { type Status, StatusLine } from '../../../ui/StatusLine';
import forms from '../../../ui/forms.module.css';
import styles from './PlansView.module.css';

/**
 * The lead's action plans on the lead page: enrol the lead on a plan, and each enrolment with
 * every step sent, done, skipped (and why) or pending (and when), paused (and why); pause,
 * resume or stop it. `changedAt`: the newest plan line of the timeline, to reload when it moves.
 */
export function LeadPlans({ leadId, changedAt }: { readonly leadId: string; readonly changedAt: string | undefined }) {
  const t = useT();
  const id = useId();
  const { enrolments, error: loadError, reload: load } = useLeadEnrolments(leadId, changedAt);
  const [plans, setPlans] = useState<readonly PlanView[]>([]);
  const [planId, setPlanId] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const fail = (fallback: string) => (err: unknown) => setStatus({ error: true, text: err instanceof ApiError ? err.message : fallback });
  useEffect(() => {
    void plansApi.list().then(
      (r) => setPlans(r.plans),
      () => undefined,
    );
  }, []);
  // The read model follows a command a moment later.
  const reload = () => setTimeout(load, 500);

  const enrol = () =>
    plansApi
      .enrol(planId, leadId, crypto.randomUUID())
      .then(() => {
        setStatus({ error: false, text: t('plans.enrolled', 'Enrolled.') });
        reload();
      })
      .catch(fail(t('plans.enrolFailed', 'The leads could not be enrolled')));
  const act = (e: EnrolmentView, action: 'pause' | 'resume' | 'stop') =>
    plansApi
      .act(leadId, e.enrolmentId, action)
      .then(reload)
      .catch(fail(t('plans.actFailed', 'The plan could not be changed')));

  const outcome = (s: StepLogLine) =>
    s.outcome === 'sent'
      ? t('plans.sent', 'Sent')
      : s.outcome === 'done'
        ? t('plans.done', 'Done')
        : s.outcome === 'skipped'
          ? t('plans.skipped', 'Skipped')
          : t('plans.pending', 'Pending');

  return (
    <section className={`${styles.leadPlans} ${styles.plans}`} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('plans.leadTitle', 'Action plans')}</h3>
      <div className={styles.row}>
        <label className={forms.field} htmlFor={`${id}-plan`}>
          {t('plans.choosePlan', 'Plan')}
          <select id={`${id}-plan`} value={planId} onChange={(e) => setPlanId(e.target.value)}>
            <option value="">{t('plans.choosePlanOption', 'Choose a plan')}</option>
            {plans.map((p) => (
              <option key={p.planId} value={p.planId}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-secondary" disabled={!planId} onClick={() => void enrol()}>
          {t('plans.enrol', 'Enrol')}
        </button>
      </div>
      <StatusLine
        status={
          status ??
          (loadError ? { error: true, text: loadError instanceof ApiError ? loadError.message : t('plans.loadFailed', 'The plans could not be loaded') } : null)
        }
      />
      {enrolments !== null && enrolments.length === 0 && <p className={styles.muted}>{t('plans.leadEmpty', 'This lead is on no plan.')}</p>}
      {enrolments?.map((e) => (
        <article key={e.enrolmentId} className={styles.step} aria-label={e.planName}>
          <div className={styles.stepHead}>
            <span>
              <strong>{e.planName}</strong>{' '}
              <span className={styles.status}>
                {e.status === 'active'
                  ? t('plans.statusActive', 'Running')
                  : e.status === 'paused'
                    ? t('plans.statusPaused', 'Paused: {why}', { why: e.pauseReason ? PAUSE_REASON_TEXT[e.pauseReason] : '' })
                    : e.status === 'stopped'
                      ? t('plans.statusStopped', 'Stopped')
                      : t('plans.statusFinished', 'Finished')}
              </span>
            </span>
            <span className={styles.stepButtons}>
              {e.status === 'active' && (
                <button type="button" className="btn btn-secondary" onClick={() => void act(e, 'pause')}>
                  {t('plans.pause', 'Pause')}
                </button>
              )}
              {e.status === 'paused' && (
                <button type="button" className="btn btn-secondary" onClick={() => void act(e, 'resume')}>
                  {t('plans.resume', 'Resume')}
                </button>
              )}
              {(e.status === 'active' || e.status === 'paused') && (
                <button type="button" className="btn btn-secondary" onClick={() => void act(e, 'stop')}>
                  {t('plans.stop', 'Stop')}
                </button>
              )}
            </span>
          </div>
          <ol className={styles.stepList}>
            {e.steps.map((s) => (
              <li key={s.stepId}>
                <span className={styles.status}>{outcome(s)}</span> {s.detail} · <time dateTime={s.at}>{new Date(s.at).toLocaleString()}</time>
                {s.reason && <span className={styles.skip}> {s.reason}</span>}
              </li>
            ))}
          </ol>
        </article>
      ))}
    </section>
  );
}
