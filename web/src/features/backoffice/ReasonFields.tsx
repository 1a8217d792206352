import styles from './Backoffice.module.css';

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

/** The end of every action dialog: the required reason, the server's refusal if any, Cancel and the action. */
export function ReasonFields({ label, reason, onReason, error, onCancel, submitLabel, danger, busy }: Props) {
  return (
    <>
      <label className={styles.field}>
        {label}
        <textarea className={styles.textarea} name="reason" value={reason} onChange={(e) => onReason(e.target.value)} maxLength={500} required />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.dialogButtons}>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={`btn ${danger ? styles.btnDangerSolid : 'btn-primary'}`} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
