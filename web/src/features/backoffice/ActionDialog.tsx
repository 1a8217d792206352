import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/useToast';
import type { ActionDef, ActionField } from './accountActions';
import styles from './Backoffice.module.css';
import { MemberPicker } from './MemberPicker';
import { ReasonFields } from './ReasonFields';

type Props = {
  readonly action: ActionDef | null;
  readonly userId: string;
  /** Options for select fields declared without any (the account's own sites). */
  readonly options?: Readonly<Record<string, readonly (readonly [string, string])[]>>;
  readonly onClose: () => void;
  readonly onDone: () => void;
};

/**
 * The dialog of one account action: its fields and, always, the reason (every action says why).
 * The server checks everything again; its message is shown here when it refuses.
 */
export function ActionDialog({ action, userId, options, onClose, onDone }: Props) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const formId = useId();
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const close = () => {
    setValues({});
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!action || busy) return;
    const missing = action.fields.find((f) => f.required && !(values[f.name] ?? defaultOf(f, options)).trim());
    if (missing) return setError(`Please fill in ${missing.label.toLowerCase()}`);
    if (!(values.reason ?? '').trim()) return setError('Please give a reason');
    setBusy(true);
    try {
      const filled = Object.fromEntries(action.fields.map((f) => [f.name, values[f.name] ?? defaultOf(f, options)]));
      const done = await action.request(userId, { ...filled, reason: values.reason ?? '' }).send();
      toast({ tone: 'success', title: action.title, message: done });
      setValues({});
      setError(null);
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={action !== null} title={action?.title ?? ''} onClose={close}>
      {action && (
        <form id={formId} onSubmit={(e) => void submit(e)} className={styles.dialogForm} noValidate>
          {action.fields.map((f) => (
            <FieldInput key={f.name} field={f} value={values[f.name] ?? defaultOf(f, options)} options={options} onChange={(v) => set(f.name, v)} />
          ))}
          <ReasonFields
            label="Reason (required, kept in the history)"
            reason={values.reason ?? ''}
            onReason={(r) => set('reason', r)}
            error={error}
            onCancel={close}
            submitLabel={busy ? 'Saving…' : action.label.replace('…', '')}
            danger={action.danger}
            busy={busy}
          />
        </form>
      )}
    </Modal>
  );
}

const defaultOf = (f: ActionField, options: Props['options']): string =>
  f.kind === 'select' ? ((f.options.length ? f.options : (options?.[f.name] ?? []))[0]?.[0] ?? '') : '';

function FieldInput({ field: f, value, options, onChange }: { field: ActionField; value: string; options: Props['options']; onChange: (v: string) => void }) {
  if (f.kind === 'member') return <MemberPicker label={f.label} value={value} onChange={onChange} />;
  return (
    <label className={styles.field}>
      {f.label}
      {f.kind === 'select' ? (
        <select className={styles.select} value={value} onChange={(e) => onChange(e.target.value)}>
          {(f.options.length ? f.options : (options?.[f.name] ?? [])).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      ) : f.kind === 'textarea' || f.kind === 'dns' ? (
        <textarea
          className={`${styles.textarea} ${f.kind === 'dns' ? styles.mono : ''}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={f.kind === 'dns' ? 'A @ 203.0.113.10\nCNAME www demo.porchlight.test' : undefined}
        />
      ) : (
        <input
          className={styles.input}
          type={f.kind === 'date' ? 'date' : 'text'}
          inputMode={f.kind === 'money' ? 'decimal' : undefined}
          value={value}
          placeholder={f.kind === 'money' ? '0.00' : 'hint' in f ? f.hint : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </label>
  );
}
