import { useState } from 'react';
import { COMMUNICATION_BANNER } from '../../../../../src/contract/prompt-rules';
import { ApiError } from '../../../api/http';
import { importOptIn } from '../api/signInApi';
import { Modal } from '../../../ui/Modal';
import { useT } from '../../../ui/translations';
import { useToast } from '../../../ui/useToast';
import styles from '../../../ui/forms.module.css';

/** The import opt-in (spec section 4): an imported user who has texts turned off may turn them back on. */
export function ImportOptInModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    try {
      await importOptIn();
      toast({
        title: t('communication.updated.title', COMMUNICATION_BANNER.title),
        message: t('communication.updated', COMMUNICATION_BANNER.text),
        tone: 'success',
      });
      onClose();
    } catch (err) {
      toast({
        title: t('ui.failedToSave', 'Failed to Save'),
        message: err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached'),
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('optIn.title', 'Stay in touch by text?')} onClose={onClose} size="small">
      <div className={styles.form}>
        <p>
          {t(
            'optIn.text',
            'Your agent added you to this site. Would you like text messages about new listings and updates? You can turn them off at any time.',
          )}
        </p>
        <div className={styles.actions}>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void accept()}>
            {t('optIn.yes', 'Yes, text me')}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            {t('optIn.no', 'No thanks')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
