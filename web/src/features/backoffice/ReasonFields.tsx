import styles from './Backoffice.module.css';
import { FormEnd } from './FormEnd';

type Props = {
  readonly label: string;
  readonly reason: string;
  readonly onReason: (reason: string) => void;
  readonly error: string | null;
  readonly onCancel: () => void;
  readonly submitLabel: string;
  readonly danger?: boolean;
  readonly busy?: boolean;
};

/** The end of every action dialog: the required reason, then the form's end (FormEnd). */
export function ReasonFields({ label, reason, onReason, error, onCancel, submitLabel, danger, busy }: Props) {
  return (
    <>
      <label className={styles.field}>
        {label}
        <textarea className={styles.textarea} name="reason" value={reason} onChange={(e) => onReason(e.target.value)} maxLength={500} required />
      </label>
      <FormEnd error={error} onCancel={onCancel} submitLabel={submitLabel} danger={danger} busy={busy} />
    </>
  );
}
