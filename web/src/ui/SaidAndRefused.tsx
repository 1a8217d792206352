import said from './SaidAndRefused.module.css';

/** What a panel's last action did (dashboard panels, the lead's showings), in a live region that is there even when empty, and apart from it the refusal, said as an alert. */
export function SaidAndRefused({ status, error }: { readonly status: string | null; readonly error: string | null }) {
  return (
    <>
      <p role="status" className={said.status}>
        {status}
      </p>
      {error && (
        <p role="alert" className={said.error}>
          {error}
        </p>
      )}
    </>
  );
}
