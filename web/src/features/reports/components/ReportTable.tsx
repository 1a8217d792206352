import { type CsvCell, toCsv, UTF8_BOM } from '../../../../../src/contract/csv';
import styles from './ReportsPage.module.css';

export type Column<R> = { readonly label: string; readonly value: (row: R) => CsvCell; readonly numeric?: boolean };

/**
 * A report's table: what screen readers read (the chart beside it is hidden from them), what
 * anyone can read exactly, and what "Download CSV" saves.
 */
export function ReportTable<R>({ caption, columns, rows, file }: { caption: string; columns: readonly Column<R>[]; rows: readonly R[]; file: string }) {
  const download = () => {
    const csv =
      UTF8_BOM +
      toCsv(
        columns.map((c) => c.label),
        rows.map((r) => columns.map((c) => c.value(r))),
      );
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = file;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? styles.num : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>No leads in this period.</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i}>
                {columns.map((c) => (
                  <td key={c.label} className={c.numeric ? styles.num : undefined}>
                    {String(c.value(r) ?? '')}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
      <button type="button" className={`btn ${styles.csv}`} onClick={download} aria-label={`Download CSV: ${caption}`}>
        Download CSV
      </button>
    </div>
  );
}
