import { Icon } from './Icon';
import styles from './TagChip.module.css';
import { useT } from './translations';

/** A removable chip; the remove button names what it removes. */
export function TagChip({ label, onRemove, tone = 'default' }: { label: string; onRemove: () => void; tone?: 'default' | 'area' }) {
  const t = useT();
  return (
    <span className={`${styles.chip} ${tone === 'area' ? styles.area : ''}`}>
      <span className={styles.label}>{label}</span>
      <button
        type="button"
        className={styles.remove}
        aria-label={t('ui.remove', 'Remove {label}', { label })}
        onClick={(e) => {
          e.stopPropagation();
          onRemove();
        }}
      >
        <Icon name="close" size={14} />
      </button>
    </span>
  );
}
