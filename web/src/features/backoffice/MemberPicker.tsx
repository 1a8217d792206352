import { useEffect, useId, useState } from 'react';
import { backofficeApi, type Member } from '../../api/backoffice';
import { isAbort } from '../../api/http';
import styles from './Backoffice.module.css';
import { levelName } from './backofficeFormat';

/** Another account, found by name, e-mail or phone and picked from a list (radio buttons). */
export function MemberPicker({ label, value, onChange }: { label: string; value: string; onChange: (userId: string) => void }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<readonly Member[]>([]);
  const id = useId();

  useEffect(() => {
    if (q.trim().length < 2) return setFound([]);
    const t = setTimeout(() => {
      backofficeApi
        .findMembers({ q, perpage: 6 })
        .then((r) => setFound(r.members))
        .catch((err: unknown) => !isAbort(err) && setFound([]));
    }, 250);
    return () => clearTimeout(t);
  }, [q]);

  return (
    <fieldset className={styles.picker}>
      <legend className={styles.pickerLegend}>{label}</legend>
      <input
        className={styles.input}
        type="search"
        aria-label={`Find ${label.toLowerCase()}`}
        placeholder="Name, e-mail or phone"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {found.length > 0 && (
        <ul className={styles.pickerList}>
          {found.map((m) => (
            <li key={m.userId}>
              <label className={styles.pickerItem}>
                <input type="radio" name={id} value={m.userId} checked={value === m.userId} onChange={() => onChange(m.userId)} />
                <span>
                  <strong>{m.fullName}</strong> · {m.email} · {levelName(m.securityLevel)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
