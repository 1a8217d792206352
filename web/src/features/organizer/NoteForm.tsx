import { useId } from 'react';
import f from '../../ui/forms.module.css';
import { useT } from '../../ui/translations';
import styles from './ListingKeeper.module.css';

type Props = {
  readonly note: string;
  /** The note as last saved: Save is off until the text differs. */
  readonly saved: string;
  readonly onChange: (text: string) => void;
  readonly onSave: (text: string) => void;
};

/** The lead's private note on a listing (the listing page's keeper), styled as every other form field. */
export function NoteForm({ note, saved, onChange, onSave }: Props) {
  const id = useId();
  const t = useT();
  return (
    <form
      className={styles.note}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(note.trim());
      }}
    >
      <label htmlFor={`${id}-note`} className="visually-hidden">
        {t('keeper.noteLabel', 'Your note on this home')}
      </label>
      <textarea
        id={`${id}-note`}
        className={f.input}
        value={note}
        maxLength={2000}
        placeholder={t('keeper.notePlaceholder', 'A note only you see')}
        onChange={(e) => onChange(e.target.value)}
      />
      <button type="submit" className="btn" disabled={note.trim() === saved}>
        {t('keeper.saveNote', 'Save note')}
      </button>
    </form>
  );
}
