import type { ListingPick } from '../../../../../src/contract/listings-push';
import styles from './ListingsPush.module.css';

type Props = {
  readonly id: string;
  readonly legend: string;
  readonly listings: readonly ListingPick[] | null;
  readonly empty: string;
  readonly chosen: ReadonlyMap<string, ListingPick>;
  /** No more may be chosen: the unchosen are disabled. */
  readonly full: boolean;
  readonly onToggle: (l: ListingPick) => void;
};

/** A group of listings to choose from, each a labelled check box with its photo, price, address, facts and attribution. */
export function ListingPickList({ id, legend, listings, empty, chosen, full, onToggle }: Props) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {listings === null ? (
        <p className={styles.muted} aria-busy="true">
          Loading…
        </p>
      ) : listings.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.picks}>
          {listings.map((l) => {
            const checked = chosen.has(l.pdid);
            const box = `${id}-${l.pdid}`;
            return (
              <li key={l.pdid}>
                <label htmlFor={box} className={styles.pick}>
                  <input id={box} type="checkbox" checked={checked} disabled={!checked && full} onChange={() => onToggle(l)} />
                  {l.photo ? <img src={l.photo} alt="" className={styles.photo} loading="lazy" /> : <span className={styles.photo} aria-hidden="true" />}
                  <span className={styles.words}>
                    <strong>{l.price}</strong> <span>{l.address}</span>
                    <span className={styles.muted}>{[l.facts, l.mlsid ? `MLS # ${l.mlsid}` : null].filter(Boolean).join(' · ')}</span>
                    {l.courtesy && <span className={styles.courtesy}>{l.courtesy}</span>}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
