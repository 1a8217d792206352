import common from './Tasks.module.css';
import panel from './RoutingSettingsPanel.module.css';

/** What a form last said: a refusal (error) or what was done; null before anything is said. */
export type Status = { readonly error: boolean; readonly text: string } | null;

/** Says a form's status aloud as it changes (a live region, there even when empty), in red when it is an error. */
export function StatusLine({ status }: { readonly status: Status }) {
  return (
    <p role="status" className={status?.error ? common.error : common.hint}>
      {status?.text}
    </p>
  );
}

/** A screen's two lines: what was done (a live region, there even when empty) and, when something failed, why (an alert). */
export function SaidAndFailed({ status, error }: { readonly status: string | null; readonly error: string | null }) {
  return (
    <>
      <p role="status" className={panel.muted}>
        {status}
      </p>
      {error && (
        <p role="alert" className={panel.error}>
          {error}
        </p>
      )}
    </>
  );
}
