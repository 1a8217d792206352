import { useState } from 'react';
import type { AlertFrequency, SavedSearch } from '../../api/organizer';
import { Link } from '../../app/Link';
import f from '../../ui/forms.module.css';
import { type Translate, useT } from '../../ui/translations';
import { ALERT_FREQUENCIES } from './alertFrequencies';
import styles from './OrganizerPage.module.css';

type RowProps = {
  readonly search: SavedSearch;
  readonly onRename: (name: string) => Promise<void>;
  readonly onFrequency: (f: AlertFrequency) => Promise<void>;
  readonly onDelete: () => Promise<void>;
};

/**
 * What a saved search's title does not say about where it looks: the areas drawn on the map, or
 * the radius around a point (a title names the city first, and only then the drawn area).
 */
export function areaNote(searchQs: string, title: string, t: Translate): string | null {
  const q = new URLSearchParams(searchQs);
  const polygons = q.get('polygonmap');
  if (polygons && !title.includes('Drawn Area')) {
    const n = polygons.split(':').filter(Boolean).length;
    return n === 1
      ? t('organizer.drawnArea', 'Within the area you drew on the map')
      : t('organizer.drawnAreas', 'Within the {count} areas you drew on the map', { count: n });
  }
  const miles = q.get('radius');
  if (miles && q.get('lat') && q.get('long') && !title.includes('Miles of'))
    return t('organizer.radius', 'Within {miles} mi of the point you chose on the map', { miles });
  return null;
}

/** One saved search on the organizer page: its name (renamed in place), alert frequency, open and delete. */
export function SavedSearchRow({ search, onRename, onFrequency, onDelete }: RowProps) {
  const t = useT();
  const [name, setName] = useState(search.name);
  const changed = name.trim() !== '' && name.trim() !== search.name;
  const area = areaNote(search.searchQs, search.searchTitle, t);
  return (
    <li className={styles.row}>
      <span className={styles.name}>
        <input
          className={f.input}
          aria-label={t('organizer.searchName', 'Name of {name}', { name: search.name })}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
        />
        <span className={styles.sub}>{search.searchTitle || t('organizer.allHomes', 'All homes')}</span>
        {area && <span className={styles.sub}>{area}</span>}
      </span>
      {changed && (
        <button type="button" className="btn" onClick={() => void onRename(name.trim())}>
          {t('organizer.rename', 'Rename')}
        </button>
      )}
      <select
        className={`${f.input} ${styles.frequency}`}
        aria-label={t('organizer.alertsFor', 'E-mail alerts for {name}', { name: search.name })}
        value={search.frequency}
        onChange={(e) => void onFrequency(e.target.value as AlertFrequency)}
      >
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
