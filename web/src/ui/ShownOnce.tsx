import styles from './ShownOnce.module.css';

type Props = {
  readonly title: string;
  /** What to do with it, after "Copy it now: it is shown only this once." */
  readonly note?: string;
  readonly value: string;
  readonly testId: string;
  /** The copy button's words ("Copy key"). */
  readonly copyLabel: string;
  /** What the copy came to, for the form's status line. */
  readonly onCopied: (said: string) => void;
  readonly onDone: () => void;
};

/** A credential the server answered once (an API key, a signing secret): shown with a copy button until the person says done. */
export function ShownOnce({ title, note, value, testId, copyLabel, onCopied, onDone }: Props) {
  const copy = () =>
    navigator.clipboard?.writeText(value).then(
      () => onCopied('Copied.'),
      () => onCopied(`Copying was refused: select it and copy it by hand.`),
    );
  return (
    <div className={styles.shown} aria-label={title} role="group">
      <h3>{title}</h3>
      <p>Copy it now: it is shown only this once.{note ? ` ${note}` : ''}</p>
      <div className={styles.value}>
        <code data-testid={testId}>{value}</code>
        <button type="button" className="btn" onClick={() => void copy()}>
          {copyLabel}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
