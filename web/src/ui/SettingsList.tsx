import type { ReactNode } from 'react';
import { Modal } from './Modal';
import panel from './RoutingSettingsPanel.module.css';
import styles from './SettingsList.module.css';

/** The things a settings screen lists (keys, webhooks, pages): "Loading…" until they come, the empty state's words, or one item each. */
export function SettingsList<T>({
  items,
  empty,
  children,
}: {
  readonly items: readonly T[] | null;
  readonly empty: string;
  readonly children: (item: T) => ReactNode;
}) {
  if (items === null) return <p className={panel.muted}>Loading…</p>;
  if (items.length === 0) return <p className={panel.muted}>{empty}</p>;
  return <ul className={styles.list}>{items.map(children)}</ul>;
}

/** Asks before something that cannot be undone (revoke, delete, disconnect): Cancel, or the action named on its button. */
export function ConfirmDialog({
  open,
  title,
  action,
  onConfirm,
  onCancel,
  children,
}: {
  readonly open: boolean;
  readonly title: string;
  readonly action: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  readonly children: ReactNode;
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel} size="small">
      {children}
      <div className={styles.dialogActions}>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn" onClick={onConfirm}>
          {action}
        </button>
      </div>
    </Modal>
  );
}
