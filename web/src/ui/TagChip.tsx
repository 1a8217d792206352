import type { AriaAttributes, ReactNode } from 'react';
import { Icon } from './Icon';
import styles from './TagChip.module.css';
import { useT } from './translations';

/** A removable chip; the remove button names what it removes ("Remove Seattle", translated, unless told). */
export function TagChip({
  label,
  onRemove,
  tone = 'default',
  removeLabel,
}: {
  label: string;
  onRemove: () => void;
  tone?: 'default' | 'area';
  removeLabel?: string;
}) {
  const t = useT();
  return (
    <span className={`${styles.chip} ${tone === 'area' ? styles.area : ''}`}>
      <span className={styles.label}>{label}</span>
      <button
        type="button"
        className={styles.remove}
        aria-label={removeLabel ?? t('ui.remove', 'Remove {label}', { label })}
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

/** Chips in a row that wraps, as a list (so a screen reader counts them); name it with an aria label. */
export function TagChipList({ children, ...aria }: { children: ReactNode } & AriaAttributes) {
  return (
    <ul className={styles.list} {...aria}>
      {children}
    </ul>
  );
}
