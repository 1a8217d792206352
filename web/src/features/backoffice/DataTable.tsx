import type { ReactNode } from 'react';
import styles from './Backoffice.module.css';

/**
 * A column heading: a label, or one for numbers (right-aligned like their cells), or one only
 * screen readers read (a column of buttons).
 */
export type Column = string | { readonly label: string; readonly num?: true; readonly hidden?: true };

type Props = {
  readonly columns: readonly Column[];
  /** The rows (the table body). */
  readonly children: ReactNode;
  /** The table's accessible name, when no caption gives it. */
  readonly label?: string;
  readonly caption?: string;
  readonly busy?: boolean;
  /** Below the table, inside its scrolling frame: what an empty result says. */
  readonly after?: ReactNode;
};

/** The back-office's tables: a frame that scrolls sideways on a narrow screen, one row of column headings. */
export function DataTable({ columns, children, label, caption, busy, after }: Props) {
  return (
    <div className={styles.tableWrap} aria-busy={busy}>
      <table className={styles.table} aria-label={label}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) =>
              typeof c === 'string' ? (
                <th key={c} scope="col">
                  {c}
                </th>
              ) : (
                <th key={c.label} scope="col" className={c.num ? styles.num : undefined}>
                  {c.hidden ? <span className="visually-hidden">{c.label}</span> : c.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}
