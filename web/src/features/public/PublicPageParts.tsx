import type { Card } from '../../../../src/contract/search';
import { ResultCard } from '../search-results';
import styles from './AgentPage.module.css';

/** What a public page (agent, area, team) says when its data could not be read. */
export function PageLoadError({ title, message }: { title: string; message: string }) {
  return (
    <main id="main" className="simple-page" role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
    </main>
  );
}

/** Result cards in the public pages' grid. */
export function CardGrid({ cards }: { cards: readonly Card[] }) {
  return (
    <ul className={styles.cards}>
      {cards.map((c) => (
        <li key={c.pdid}>
          <ResultCard card={c} />
        </li>
      ))}
    </ul>
  );
}
