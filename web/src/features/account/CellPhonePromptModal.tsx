import { Modal } from '../../ui/Modal';
import { useToast } from '../../ui/useToast';
import { CellPhoneForm } from './CellPhoneForm';
import styles from '../../ui/forms.module.css';

/** The cell phone prompt (spec section 4): level-5 users without a valid cell, every third sign-in. */
export function CellPhonePromptModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  return (
    <Modal open={open} title="Add your cell phone" onClose={onClose} size="small">
      <div className={styles.form}>
        <p>Get texts about new listings and price changes, and let your agent reach you quickly.</p>
        <CellPhoneForm
          onSaved={() => {
            toast({ message: 'Your cell phone was saved.', tone: 'success' });
            onClose();
          }}
        />
        <button type="button" className={styles.linkButton} onClick={onClose}>
          Not now
        </button>
      </div>
    </Modal>
  );
}
