import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { PlanPreview, PlanScope, PlanStep, PlanTrigger, PlanView } from '../../../../../src/contract/plans';
import { useT } from '../../../ui/translations';
import type { Role } from '../../../api/dashboardApi';
import { type EmailTemplateView, emailApi } from '../../conversation';
import { OfficePicker, useStaffOffice } from '../../../ui/OfficePicker';
import { PlanStepEditor } from './PlanStepEditor';
import { plansApi } from '../api/plansApi';
import { StarterKit } from '../../starter-kit';
import { type Status, StatusLine } from '../../../ui/StatusLine';
import forms from '../../../ui/forms.module.css';
import layout from '../../../ui/EmailTemplatesPanel.module.css';
import styles from './PlansView.module.css';

type Draft = {
  readonly planId: string | null;
  readonly scope: PlanScope;
  readonly name: string;
  readonly steps: readonly PlanStep[];
  /** The triggers the editor offers: a tag added, a stage reached, a new lead (from a source, or any). */
  readonly tagTrigger: string;
  readonly stageTrigger: string;
  readonly newLead: boolean;
  readonly newLeadSource: string;
};
const EMPTY: Draft = { planId: null, scope: 'personal', name: '', steps: [], tagTrigger: '', stageTrigger: '', newLead: false, newLeadSource: '' };

const triggersOf = (d: Draft): PlanTrigger[] => [
  ...(d.tagTrigger.trim() ? [{ kind: 'tag-added' as const, tag: d.tagTrigger.trim() }] : []),
  ...(d.stageTrigger.trim() ? [{ kind: 'stage-changed' as const, stage: d.stageTrigger.trim() }] : []),
  ...(d.newLead ? [{ kind: 'new-lead' as const, source: d.newLeadSource.trim() || null, siteId: null }] : []),
];

type Props = {
  readonly role: Role;
  /** The leads of the list, to preview a plan for one. */
  readonly leads: readonly { readonly leadId: string; readonly fullName: string }[];
  /** The leads ticked in the list, to enrol them all at once. */
  readonly checked: readonly string[];
};

/**
 * Action plans (`/dashboard?view=plans`, issue 19 part 1): the viewer's plans and their office's;
 * the step editor (add, remove, reorder steps, each with an optional condition; a tag trigger);
 * a preview of what a chosen lead would get, step by step, with when and why a step would be
 * skipped; and enrolling the leads ticked in the list.
 */
export function PlansView({ role, leads, checked }: Props) {
  const t = useT();
  const id = useId();
  const [plans, setPlans] = useState<readonly PlanView[] | null>(null);
  const [templates, setTemplates] = useState<readonly EmailTemplateView[]>([]);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [status, setStatus] = useState<Status>(null);
  const [previewLead, setPreviewLead] = useState('');
  const [preview, setPreview] = useState<PlanPreview | null>(null);
  const [office, setOffice] = useStaffOffice();
  const mayWriteOffice = role === 'broker' || (role === 'staff' && office !== null);

  const fail = (fallback: string) => (err: unknown) => setStatus({ error: true, text: err instanceof ApiError ? err.message : fallback });
  // Plans saved here that the server's list may not show yet (its read model follows a moment later).
  const saved = useRef(new Map<string, PlanView>());
  const withSaved = (list: readonly PlanView[]) => {
    for (const [planId, p] of saved.current) if (list.some((x) => x.planId === planId && x.version >= p.version)) saved.current.delete(planId);
    return [...saved.current.values(), ...list.filter((x) => !saved.current.has(x.planId))];
  };
  const load = () =>
    plansApi.list(role === 'staff' ? office : null).then((r) => setPlans(withSaved(r.plans)), fail(t('plans.loadFailed', 'The plans could not be loaded')));
  useEffect(() => {
    saved.current.clear();
    void load();
    void emailApi.templates(office).then(
      (r) => setTemplates(r.templates),
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [office]);

  const edit = (p: PlanView) => {
    // Staff open an office plan in its office: the list and the editor's templates are that office's.
    if (role === 'staff' && p.scope === 'office' && p.ownerId !== office) setOffice(p.ownerId);
    const tag = p.triggers.find((x) => x.kind === 'tag-added');
    const stage = p.triggers.find((x) => x.kind === 'stage-changed');
    const fresh = p.triggers.find((x) => x.kind === 'new-lead');
    setDraft({
      planId: p.planId,
      scope: p.scope,
      name: p.name,
      steps: p.steps,
      tagTrigger: tag?.kind === 'tag-added' ? tag.tag : '',
      stageTrigger: stage?.kind === 'stage-changed' ? stage.stage : '',
      newLead: !!fresh,
      newLeadSource: fresh?.kind === 'new-lead' ? (fresh.source ?? '') : '',
    });
    setPreview(null);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const d = { name: draft.name, steps: draft.steps, triggers: triggersOf(draft) };
    (draft.planId ? plansApi.edit(draft.planId, d) : plansApi.create(draft.scope, d, office))
      .then((r) => {
        setStatus({ error: false, text: t('plans.saved', 'Plan “{name}” saved.', { name: draft.name.trim() }) });
        setDraft((x) => ({ ...x, planId: r.planId }));
        // Listed at once as saved; the server's copy (owner, enrolments) replaces it when it has it.
        const before = plans?.find((x) => x.planId === r.planId);
        const owner = before?.ownerId ?? (draft.scope === 'office' ? (office ?? '') : '');
        const entry: PlanView = {
          activeEnrolments: 0,
          archived: false,
          editable: true,
          ...before,
          ...d,
          name: d.name.trim(),
          planId: r.planId,
          scope: before?.scope ?? draft.scope,
          ownerId: owner,
          version: (before?.version ?? 0) + 1,
          updatedAt: new Date().toISOString(),
        };
        saved.current.set(r.planId, entry);
        setPlans((ps) => withSaved(ps ?? []));
        setTimeout(() => void load(), 400);
      })
      .catch(fail(t('plans.saveFailed', 'The plan could not be saved')));
  };

  const archive = (p: PlanView) =>
    plansApi
      .archive(p.planId)
      .then(() => {
        setStatus({ error: false, text: t('plans.archived', 'Plan “{name}” archived.', { name: p.name }) });
        saved.current.delete(p.planId);
        setPlans((ps) => (ps ?? []).filter((x) => x.planId !== p.planId));
        if (draft.planId === p.planId) setDraft(EMPTY);
      })
      .catch(fail(t('plans.saveFailed', 'The plan could not be saved')));

  const runPreview = () => {
    if (!draft.planId || !previewLead) return;
    plansApi.preview(draft.planId, previewLead).then(setPreview, fail(t('plans.previewFailed', 'The preview could not be made')));
  };

  const enrolChecked = () => {
    if (!draft.planId) return;
    plansApi
      .enrolBulk(draft.planId, checked, crypto.randomUUID())
      .then((r) =>
        setStatus({
          error: false,
          text:
            t('plans.bulkDone', '{enrolled} enrolled, {skipped} skipped.', { enrolled: r.enrolled, skipped: r.skipped.length }) +
            r.skipped.map((s) => ` ${s.reason}.`).join(''),
        }),
      )
      .catch(fail(t('plans.enrolFailed', 'The leads could not be enrolled')));
  };

  return (
    <section className={`${layout.view} ${styles.plans}`} aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('plans.title', 'Action plans')}</h1>
      <p className={layout.intro}>
        {t(
          'plans.intro',
          'Steps that run by themselves for a lead, in business hours. A plan pauses the moment the lead replies, unsubscribes, is claimed or changes owner.',
        )}
      </p>
      {role === 'staff' && <OfficePicker value={office} onChange={setOffice} none={t('plans.allOffices', 'All offices (pick one to write its plans)')} />}
      <StatusLine status={status} />
      <StarterKit kind="plans" role={role} office={office} onCopied={() => setTimeout(() => void load(), 400)} />
      <div className={layout.columns}>
        <div>
          <h2>{t('plans.list', 'Plans')}</h2>
          {plans === null ? (
            <p className={styles.muted}>{t('plans.loading', 'Loading…')}</p>
          ) : plans.length === 0 ? (
            <p className={styles.muted}>{t('plans.empty', 'No plans yet. Write the first one with the editor.')}</p>
          ) : (
            <ul className={styles.planList}>
              {plans.map((p) => (
                <li key={p.planId} className={styles.planItem}>
                  <span>
                    <strong>{p.name}</strong>{' '}
                    <span className={styles.muted}>
                      {p.scope === 'office' ? t('plans.office', 'Office') : t('plans.personal', 'Personal')} ·{' '}
                      {t('plans.stepCount', '{n} steps', { n: p.steps.length })} · {t('plans.activeCount', '{n} running', { n: p.activeEnrolments })}
                    </span>
                  </span>
                  <span className={styles.stepButtons}>
                    <button type="button" className="btn btn-secondary" onClick={() => edit(p)}>
                      {p.editable ? t('plans.edit', 'Edit') : t('plans.open', 'Open')}
                      <span className="visually-hidden"> {p.name}</span>
                    </button>
                    {p.editable && (
                      <button type="button" className="btn btn-secondary" onClick={() => void archive(p)}>
                        {t('plans.archive', 'Archive')}
                        <span className="visually-hidden"> {p.name}</span>
                      </button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <form className={layout.form} onSubmit={save} aria-labelledby={`${id}-editor`}>
          <h2 id={`${id}-editor`}>{draft.planId ? t('plans.editing', 'Edit plan') : t('plans.new', 'New plan')}</h2>
          {!draft.planId && mayWriteOffice && (
            <label className={forms.field} htmlFor={`${id}-scope`}>
              {t('plans.scope', 'For')}
              <select id={`${id}-scope`} value={draft.scope} onChange={(e) => setDraft({ ...draft, scope: e.target.value as PlanScope })}>
                <option value="personal">{t('plans.personalOption', 'Me (personal)')}</option>
                <option value="office">{t('plans.officeOption', 'The office')}</option>
              </select>
            </label>
          )}
          <label className={forms.field} htmlFor={`${id}-name`}>
            {t('plans.name', 'Name')}
            <input id={`${id}-name`} value={draft.name} maxLength={80} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
          </label>
          <PlanStepEditor steps={draft.steps} templates={templates} onChange={(steps) => setDraft({ ...draft, steps })} />
          <fieldset className={styles.triggers}>
            <legend>{t('plans.triggers', 'Enrol a lead by itself (optional)')}</legend>
            <label className={forms.field} htmlFor={`${id}-trigger`}>
              {t('plans.tagTrigger', 'When this tag is added')}
              <input id={`${id}-trigger`} value={draft.tagTrigger} onChange={(e) => setDraft({ ...draft, tagTrigger: e.target.value })} />
            </label>
            <label className={forms.field} htmlFor={`${id}-stage-trigger`}>
              {t('plans.stageTrigger', 'When the lead moves to this stage')}
              <input id={`${id}-stage-trigger`} value={draft.stageTrigger} onChange={(e) => setDraft({ ...draft, stageTrigger: e.target.value })} />
            </label>
            <label className={styles.check} htmlFor={`${id}-new-lead`}>
              <input id={`${id}-new-lead`} type="checkbox" checked={draft.newLead} onChange={(e) => setDraft({ ...draft, newLead: e.target.checked })} />
              {t('plans.newLeadTrigger', 'Every new lead')}
            </label>
            {draft.newLead && (
              <label className={forms.field} htmlFor={`${id}-source`}>
                {t('plans.newLeadSource', 'Only from this source (optional)')}
                <input id={`${id}-source`} value={draft.newLeadSource} onChange={(e) => setDraft({ ...draft, newLeadSource: e.target.value })} />
              </label>
            )}
          </fieldset>
          <div className={styles.row}>
            <button type="submit" className="btn btn-primary">
              {t('plans.save', 'Save plan')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => (setDraft(EMPTY), setPreview(null))}>
              {t('plans.clear', 'New')}
            </button>
          </div>
          {draft.planId && (
            <div className={styles.preview}>
              <h3>{t('plans.previewTitle', 'Preview for a lead')}</h3>
              <div className={styles.row}>
                <label className={forms.field} htmlFor={`${id}-lead`}>
                  {t('plans.previewLead', 'Lead')}
                  <select id={`${id}-lead`} value={previewLead} onChange={(e) => setPreviewLead(e.target.value)}>
                    <option value="">{t('plans.chooseLead', 'Choose a lead')}</option>
                    {leads.map((l) => (
                      <option key={l.leadId} value={l.leadId}>
                        {l.fullName}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="button" className="btn btn-secondary" disabled={!previewLead} onClick={runPreview}>
                  {t('plans.previewButton', 'Preview')}
                </button>
                <button type="button" className="btn btn-secondary" disabled={checked.length === 0} onClick={enrolChecked}>
                  {t('plans.enrolChecked', 'Enrol the {n} selected leads', { n: checked.length })}
                </button>
              </div>
              {preview && (
                <ol className={styles.stepList} aria-label={t('plans.previewTitle', 'Preview for a lead')}>
                  {preview.steps.map((s) => (
                    <li key={s.index} className={styles.step}>
                      <span>
                        {s.detail} · <time dateTime={s.dueAt}>{new Date(s.dueAt).toLocaleString()}</time>
                      </span>
                      {s.skipReason && <span className={styles.skip}> {t('plans.wouldSkip', 'Would be skipped: {why}', { why: s.skipReason })}</span>}
                      {s.message && (
                        <blockquote className={styles.message}>
                          {s.message.subject && <strong>{s.message.subject}</strong>}
                          <span className={styles.body}>{s.message.body}</span>
                        </blockquote>
                      )}
                    </li>
                  ))}
                </ol>
              )}
            </div>
          )}
        </form>
      </div>
    </section>
  );
}
