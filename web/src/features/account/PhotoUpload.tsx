import { useId, useState } from 'react';
import { updateAccount, uploadFile } from '../../api/account';
import { ApiError } from '../../api/http';
import { useToast } from '../../ui/useToast';
import styles from './AccountPage.module.css';

const MAX_MB = 10;

/** The account photo: uploaded first, then saved as PhotoLocation (spec sections 3 and 8). */
export function PhotoUpload({ initial, name }: { initial: string | null; name: string }) {
  const id = useId();
  const toast = useToast();
  const [photo, setPhoto] = useState(initial);
  const [busy, setBusy] = useState(false);

  const save = async (location: string | null) => {
    try {
      await updateAccount({ PhotoLocation: location });
      setPhoto(location);
    } catch (err) {
      toast({ title: 'Failed to update photo', message: err instanceof ApiError ? err.message : 'The server cannot be reached', tone: 'error' });
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/') || file.size > MAX_MB * 1024 * 1024) {
      toast({ title: 'Failed to Save Photo', message: `Please choose a JPEG, PNG, GIF or WebP image of at most ${MAX_MB} MB.`, tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const location = await uploadFile(file);
      await save(location);
    } catch (err) {
      toast({ title: 'Failed to Save Photo', message: err instanceof Error ? err.message : 'The upload failed', tone: 'error' });
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
      {photo ? <img className={styles.photo} src={photo} alt="Your photo" width={88} height={88} /> : <span className={styles.photo} aria-hidden="true">{initials || '?'}</span>}
      <div className={styles.photoActions}>
        <label htmlFor={`${id}-photo`} className="btn" aria-disabled={busy}>
          {busy ? 'Uploading…' : photo ? 'Change photo' : 'Upload a photo'}
        </label>
        <input id={`${id}-photo`} className="visually-hidden" type="file" accept="image/jpeg,image/png,image/gif,image/webp" disabled={busy} onChange={(e) => void choose(e.target.files?.[0])} />
        {photo && (
          <button type="button" className="btn" disabled={busy} onClick={() => void save(null)}>
            Remove
          </button>
        )}
      </div>
    </div>
  );
}
