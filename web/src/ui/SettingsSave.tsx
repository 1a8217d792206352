import panel from './RoutingSettingsPanel.module.css';

/** A settings panel's save: its button (Saving… while it runs) and, beside it, what the last save did, in a live region that is there even when empty. */
export function SettingsSave({ busy, label, status }: { readonly busy: boolean; readonly label: string; readonly status: string | null }) {
  return (
    <div className={panel.actions}>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : label}
      </button>
      <span role="status" className={panel.muted}>
        {status}
      </span>
    </div>
  );
}
