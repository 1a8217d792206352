import { useId, useState } from 'react';
import { updateAccount, uploadFile } from '../../../api/account';
import { ApiError } from '../../../api/http';
import { useToast } from '../../../ui/useToast';
import { useT } from '../../../ui/translations';
import styles from './AccountPage.module.css';

const MAX_MB = 10;

/** The account photo: uploaded first, then saved as PhotoLocation (spec sections 3 and 8). */
export function PhotoUpload({ initial, name }: { initial: string | null; name: string }) {
  const id = useId();
  const toast = useToast();
  const t = useT();
  const [photo, setPhoto] = useState(initial);
  const [busy, setBusy] = useState(false);

  const save = async (location: string | null) => {
    try {
      await updateAccount({ PhotoLocation: location });
      setPhoto(location);
    } catch (err) {
      toast({
        title: t('account.photoFailed', 'Failed to update photo'),
        message: err instanceof ApiError ? err.message : t('ui.unreachable', 'The server cannot be reached'),
        tone: 'error',
      });
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/') || file.size > MAX_MB * 1024 * 1024) {
      toast({
        title: t('account.photoSaveFailed', 'Failed to Save Photo'),
        message: t('account.photoChoose', 'Please choose a JPEG, PNG, GIF or WebP image of at most {mb} MB.', { mb: MAX_MB }),
        tone: 'error',
      });
      return;
    }
    setBusy(true);
    try {
      const location = await uploadFile(file);
      await save(location);
    } catch (err) {
      toast({
        title: t('account.photoSaveFailed', 'Failed to Save Photo'),
        message: err instanceof Error ? err.message : t('account.uploadFailed', 'The upload failed'),
        tone: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return (
    <div className={styles.photoRow}>
      {photo ? (
        <img className={styles.photo} src={photo} alt={t('account.photoAlt', 'Your photo')} width={88} height={88} />
      ) : (
        <span className={styles.photo} aria-hidden="true">
          {initials || '?'}
        </span>
      )}
      <div className={styles.photoActions}>
        <label htmlFor={`${id}-photo`} className="btn" aria-disabled={busy}>
          {busy ? t('account.uploading', 'Uploading…') : photo ? t('account.changePhoto', 'Change photo') : t('account.uploadPhoto', 'Upload a photo')}
        </label>
        <input
          id={`${id}-photo`}
          className="visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp"
          disabled={busy}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        {photo && (
          <button type="button" className="btn" disabled={busy} onClick={() => void save(null)}>
            {t('account.removePhoto', 'Remove')}
          </button>
        )}
      </div>
    </div>
  );
}
