import { useState } from 'react';
import type { AlertFrequency, SavedSearch } from '../../api/organizer';
import { Link } from '../../app/Link';
import f from '../../ui/forms.module.css';
import { useT } from '../../ui/translations';
import { ALERT_FREQUENCIES } from './alertFrequencies';
import styles from './OrganizerPage.module.css';

type RowProps = {
  readonly search: SavedSearch;
  readonly onRename: (name: string) => Promise<void>;
  readonly onFrequency: (f: AlertFrequency) => Promise<void>;
  readonly onDelete: () => Promise<void>;
};

/** One saved search on the organizer page: its name (renamed in place), alert frequency, open and delete. */
export function SavedSearchRow({ search, onRename, onFrequency, onDelete }: RowProps) {
  const t = useT();
  const [name, setName] = useState(search.name);
  const changed = name.trim() !== '' && name.trim() !== search.name;
  return (
    <li className={styles.row}>
      <span className={styles.name}>
        <input className={f.input} aria-label={t('organizer.searchName', 'Name of {name}', { name: search.name })} value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        <span className={styles.sub}>{search.searchTitle || t('organizer.allHomes', 'All homes')}</span>
      </span>
      {changed && (
        <button type="button" className="btn" onClick={() => void onRename(name.trim())}>
          {t('organizer.rename', 'Rename')}
        </button>
      )}
      <select className={`${f.input} ${styles.frequency}`} aria-label={t('organizer.alertsFor', 'E-mail alerts for {name}', { name: search.name })} value={search.frequency} onChange={(e) => void onFrequency(e.target.value as AlertFrequency)}>
        {ALERT_FREQUENCIES.map((f) => (
          <option key={f.value} value={f.value}>
            {t(`save.frequency.${f.value}`, f.label)}
          </option>
        ))}
      </select>
      <Link className="btn" href={search.path}>
        {t('organizer.open', 'Open')}
      </Link>
      <button type="button" className="btn" onClick={() => void onDelete()}>
        {t('organizer.delete', 'Delete')}
      </button>
    </li>
  );
}
