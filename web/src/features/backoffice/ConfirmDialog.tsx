import { Modal } from '../../ui/Modal';
import styles from './Backoffice.module.css';

type Props = {
  readonly open: boolean;
  readonly title: string;
  /** What happens if it is confirmed. */
  readonly text: string;
  readonly keepLabel: string;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  readonly onKeep: () => void;
  readonly onConfirm: () => void;
};

/** A small dialog that asks before an action that is hard to undo: keep things as they are, or go ahead. */
export function ConfirmDialog({ open, title, text, keepLabel, confirmLabel, danger, onKeep, onConfirm }: Props) {
  return (
    <Modal open={open} title={title} onClose={onKeep} size="small">
      <p className={styles.small}>{text}</p>
      <div className={styles.dialogButtons}>
        <button type="button" className="btn" onClick={onKeep}>
          {keepLabel}
        </button>
        <button type="button" className={`btn ${danger ? styles.btnDangerSolid : 'btn-primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
