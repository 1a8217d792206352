import type { ReactNode } from 'react';
import forms from './forms.module.css';

type Props = {
  /** The server's refusal (or a check's), said as an alert. */
  readonly failure: string | null;
  /** The refusal's id, for a field that it describes (aria-describedby). */
  readonly failureId?: string;
  /** What was done, said as a status. */
  readonly done?: string | null;
  /** Said after what was done (a warning that goes with it). */
  readonly children?: ReactNode;
  readonly busy: boolean;
  readonly disabled?: boolean;
  readonly submitLabel: string;
  /** Said on the action while it runs; the submit label when none. */
  readonly busyLabel?: string;
  /** "Close" where something may have been done already, "Cancel" where nothing was. */
  readonly closeLabel?: string;
  readonly onClose: () => void;
};

/** The end of a lead-page form (a dialog's, or one opened in place such as Log call): the refusal or what was done, the action (submits the form) and Close or Cancel. */
export function DialogFormEnd({
  failure,
  failureId,
  done = null,
  children,
  busy,
  disabled = false,
  submitLabel,
  busyLabel = submitLabel,
  closeLabel = 'Close',
  onClose,
}: Props) {
  return (
    <>
      {failure && (
        <p id={failureId} className={forms.error} role="alert">
          {failure}
        </p>
      )}
      {done && (
        <p className={forms.success} role="status">
          {done}
        </p>
      )}
      {children}
      <div className={forms.actions}>
        <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" className="btn" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </>
  );
}
