import type { ReactNode } from 'react';
import styles from './CompsTable.module.css';

/** Comparable sales' tables (the instant value, the agent's CMA as sent): their frame, and their cells on phones, label before value. */
export const compsTableStyles = styles;

export type CompRow = {
  readonly key: string;
  readonly address: string | null;
  readonly closePrice: number;
  readonly closeDate: string;
  readonly beds: number | null;
  readonly baths: number | null;
  readonly livingArea: number | null;
  readonly distanceMiles: number;
  /** The comp's price adjusted to the home, and how. */
  readonly adjusted: ReactNode;
};

const money = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;

/** The comparable sales a seller reads: address, sale, beds and baths, size, distance, and the price adjusted to their home. */
export function CompsTable({ caption, rows, numbered = false }: { caption: string; rows: readonly CompRow[]; numbered?: boolean }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {numbered && <th scope="col">#</th>}
            <th scope="col">Address</th>
            <th scope="col">Sold</th>
            <th scope="col">Beds / baths</th>
            <th scope="col">Size</th>
            <th scope="col">Distance</th>
            <th scope="col">Adjusted to your home</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c, i) => (
            <tr key={c.key}>
              {numbered && <td data-label="#">{i + 1}</td>}
              <td data-label="Address">{c.address ?? 'Address not shown'}</td>
              <td data-label="Sold">
                {money(c.closePrice)} on {c.closeDate}
              </td>
              <td data-label="Beds / baths">
                {c.beds ?? '—'} / {c.baths ?? '—'}
              </td>
              <td data-label="Size">{c.livingArea ? `${c.livingArea.toLocaleString('en-US')} sq ft` : '—'}</td>
              <td data-label="Distance">{c.distanceMiles.toFixed(2)} mi</td>
              <td data-label="Adjusted to your home">{c.adjusted}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
