import { useId, useState } from 'react';
import type { PlanCondition, PlanStep, PlanStepKind } from '../../../../../src/contract/plans';
import { TASK_TYPE_LABEL, TASK_TYPES, type TaskType } from '../../../../../src/contract/tasks';
import { useT } from '../../../ui/translations';
import type { EmailTemplateView } from '../../conversation';
import forms from '../../../ui/forms.module.css';
import styles from './PlansView.module.css';

/** A new step of a kind, with what it needs empty (the server says what is missing). */
export function blankStep(kind: PlanStepKind, templates: readonly EmailTemplateView[]): PlanStep {
  switch (kind) {
    case 'email':
      return { kind, templateId: templates[0]?.templateId ?? '', condition: null };
    case 'text':
      return { kind, body: 'Hi {first_name}, ', condition: null };
    case 'task':
      return { kind, title: 'Call {first_name}', taskType: 'call', dueInDays: 0, condition: null };
    case 'stage':
      return { kind, stage: '', condition: null };
    case 'add-tag':
    case 'remove-tag':
      return { kind, tag: '', condition: null };
    case 'wait':
      return { kind, amount: 1, unit: 'days', condition: null };
  }
}

type Props = {
  readonly steps: readonly PlanStep[];
  readonly templates: readonly EmailTemplateView[];
  readonly onChange: (steps: PlanStep[]) => void;
};

/**
 * The plan's steps in order: each one's fields, its optional condition, and buttons to move it
 * up or down or remove it; a kind picker and "Add step" at the end. Buttons and labelled fields
 * only, so the whole editor works from the keyboard.
 */
export function PlanStepEditor({ steps, templates, onChange }: Props) {
  const t = useT();
  const id = useId();
  const kinds: { kind: PlanStepKind; label: string }[] = [
    { kind: 'email', label: t('plans.kind.email', 'Send e-mail') },
    { kind: 'text', label: t('plans.kind.text', 'Send text') },
    { kind: 'task', label: t('plans.kind.task', 'Create task') },
    { kind: 'stage', label: t('plans.kind.stage', 'Change stage') },
    { kind: 'add-tag', label: t('plans.kind.addTag', 'Add tag') },
    { kind: 'remove-tag', label: t('plans.kind.removeTag', 'Remove tag') },
    { kind: 'wait', label: t('plans.kind.wait', 'Wait') },
  ];
  const labelOf = (k: PlanStepKind) => kinds.find((x) => x.kind === k)!.label;
  const set = (i: number, s: PlanStep) => onChange(steps.map((x, j) => (j === i ? s : x)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };

  return (
    <div className={styles.steps}>
      {steps.length === 0 && <p className={styles.muted}>{t('plans.noSteps', 'No steps yet: add the first one below.')}</p>}
      <ol className={styles.stepList}>
        {steps.map((s, i) => {
          const f = `${id}-${i}`;
          const cond = s.condition;
          return (
            <li key={i} className={styles.step} aria-label={`${t('plans.step', 'Step')} ${i + 1}: ${labelOf(s.kind)}`}>
              <div className={styles.stepHead}>
                <strong>
                  {i + 1}. {labelOf(s.kind)}
                </strong>
                <span className={styles.stepButtons}>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`${t('plans.moveUp', 'Move up')}: ${t('plans.step', 'Step')} ${i + 1}`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={i === steps.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`${t('plans.moveDown', 'Move down')}: ${t('plans.step', 'Step')} ${i + 1}`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => onChange(steps.filter((_, j) => j !== i))}
                    aria-label={`${t('plans.removeStep', 'Remove')}: ${t('plans.step', 'Step')} ${i + 1}`}
                  >
                    ✕
                  </button>
                </span>
              </div>
              {s.kind === 'email' && (
                <label className={forms.field} htmlFor={`${f}-tpl`}>
                  {t('plans.template', 'E-mail template')}
                  <select id={`${f}-tpl`} value={s.templateId} onChange={(e) => set(i, { ...s, templateId: e.target.value })}>
                    <option value="">{t('plans.chooseTemplate', 'Choose a template')}</option>
                    {templates.map((tp) => (
                      <option key={tp.templateId} value={tp.templateId}>
                        {tp.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {s.kind === 'text' && (
                <label className={forms.field} htmlFor={`${f}-body`}>
                  {t('plans.textBody', 'Text (merge fields like {first_name} are filled in)')}
                  <textarea id={`${f}-body`} rows={3} value={s.body} onChange={(e) => set(i, { ...s, body: e.target.value })} />
                </label>
              )}
              {s.kind === 'task' && (
                <div className={styles.row}>
                  <label className={forms.field} htmlFor={`${f}-title`}>
                    {t('plans.taskTitle', 'Task title')}
                    <input id={`${f}-title`} value={s.title} onChange={(e) => set(i, { ...s, title: e.target.value })} />
                  </label>
                  <label className={forms.field} htmlFor={`${f}-type`}>
                    {t('plans.taskType', 'Type')}
                    <select id={`${f}-type`} value={s.taskType} onChange={(e) => set(i, { ...s, taskType: e.target.value as TaskType })}>
                      {TASK_TYPES.map((tt) => (
                        <option key={tt} value={tt}>
                          {TASK_TYPE_LABEL[tt]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label className={forms.field} htmlFor={`${f}-due`}>
                    {t('plans.taskDue', 'Due after (days)')}
                    <input
                      id={`${f}-due`}
                      type="number"
                      min={0}
                      max={365}
                      value={s.dueInDays}
                      onChange={(e) => set(i, { ...s, dueInDays: Number(e.target.value) })}
                    />
                  </label>
                </div>
              )}
              {s.kind === 'stage' && (
                <label className={forms.field} htmlFor={`${f}-stage`}>
                  {t('plans.stage', 'Stage')}
                  <input id={`${f}-stage`} value={s.stage} onChange={(e) => set(i, { ...s, stage: e.target.value })} />
                </label>
              )}
              {(s.kind === 'add-tag' || s.kind === 'remove-tag') && (
                <label className={forms.field} htmlFor={`${f}-tag`}>
                  {t('plans.tag', 'Tag')}
                  <input id={`${f}-tag`} value={s.tag} onChange={(e) => set(i, { ...s, tag: e.target.value })} />
                </label>
              )}
              {s.kind === 'wait' && (
                <div className={styles.row}>
                  <label className={forms.field} htmlFor={`${f}-amount`}>
                    {t('plans.waitAmount', 'Wait for')}
                    <input id={`${f}-amount`} type="number" min={1} value={s.amount} onChange={(e) => set(i, { ...s, amount: Number(e.target.value) })} />
                  </label>
                  <label className={forms.field} htmlFor={`${f}-unit`}>
                    {t('plans.waitUnit', 'Business')}
                    <select id={`${f}-unit`} value={s.unit} onChange={(e) => set(i, { ...s, unit: e.target.value as 'hours' | 'days' })}>
                      <option value="hours">{t('plans.hours', 'hours')}</option>
                      <option value="days">{t('plans.days', 'days')}</option>
                    </select>
                  </label>
                </div>
              )}
              <div className={styles.row}>
                <label className={forms.field} htmlFor={`${f}-cond`}>
                  {t('plans.condition', 'Only if')}
                  <select
                    id={`${f}-cond`}
                    value={cond?.kind ?? ''}
                    onChange={(e) => {
                      const k = e.target.value;
                      const next: PlanCondition | null =
                        k === 'stage-is' ? { kind: k, stage: '' } : k === 'tag-present' ? { kind: k, tag: '' } : k === 'opened-alert' ? { kind: k } : null;
                      set(i, { ...s, condition: next });
                    }}
                  >
                    <option value="">{t('plans.always', 'Always')}</option>
                    <option value="stage-is">{t('plans.ifStage', 'The lead is in stage…')}</option>
                    <option value="tag-present">{t('plans.ifTag', 'The lead has tag…')}</option>
                    <option value="opened-alert">{t('plans.ifAlert', 'The lead opened an alert')}</option>
                  </select>
                </label>
                {cond?.kind === 'stage-is' && (
                  <label className={forms.field} htmlFor={`${f}-cstage`}>
                    {t('plans.stage', 'Stage')}
                    <input id={`${f}-cstage`} value={cond.stage} onChange={(e) => set(i, { ...s, condition: { kind: 'stage-is', stage: e.target.value } })} />
                  </label>
                )}
                {cond?.kind === 'tag-present' && (
                  <label className={forms.field} htmlFor={`${f}-ctag`}>
                    {t('plans.tag', 'Tag')}
                    <input id={`${f}-ctag`} value={cond.tag} onChange={(e) => set(i, { ...s, condition: { kind: 'tag-present', tag: e.target.value } })} />
                  </label>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <AddStep kinds={kinds} onAdd={(k) => onChange([...steps, blankStep(k, templates)])} />
    </div>
  );
}

function AddStep({ kinds, onAdd }: { readonly kinds: readonly { kind: PlanStepKind; label: string }[]; readonly onAdd: (k: PlanStepKind) => void }) {
  const t = useT();
  const id = useId();
  const [kind, setKind] = useState<PlanStepKind>('email');
  return (
    <div className={styles.row}>
      <label className={forms.field} htmlFor={`${id}-kind`}>
        {t('plans.newStepKind', 'New step')}
        <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as PlanStepKind)}>
          {kinds.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn-secondary" onClick={() => onAdd(kind)}>
        {t('plans.addStep', 'Add step')}
      </button>
    </div>
  );
}
