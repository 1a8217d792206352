import { Modal } from '../../../ui/Modal';
import { useT } from '../../../ui/translations';
import { useToast } from '../../../ui/useToast';
import { CellPhoneForm } from '../../profile';
import styles from '../../../ui/forms.module.css';

/** The cell phone prompt (spec section 4): level-5 users without a valid cell, every third sign-in. */
export function CellPhonePromptModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const t = useT();
  return (
    <Modal open={open} title={t('cell.title', 'Add your cell phone')} onClose={onClose} size="small">
      <div className={styles.form}>
        <p>{t('cell.lead', 'Get texts about new listings and price changes, and let your agent reach you quickly.')}</p>
        <CellPhoneForm
          onSaved={() => {
            toast({ message: t('cell.saved', 'Your cell phone was saved.'), tone: 'success' });
            onClose();
          }}
        />
        <button type="button" className={styles.linkButton} onClick={onClose}>
          {t('cell.notNow', 'Not now')}
        </button>
      </div>
    </Modal>
  );
}
