import styles from './Backoffice.module.css';

type Props = {
  /** The server's refusal, if any. */
  readonly error: string | null;
  readonly onCancel: () => void;
  readonly submitLabel: string;
  readonly danger?: boolean;
  readonly busy?: boolean;
};

/** The end of a back-office dialog's form: the server's refusal if any, Cancel, and the action (submits the form). */
export function FormEnd({ error, onCancel, submitLabel, danger, busy }: Props) {
  return (
    <>
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
