import { Link } from './Link';
import { useDocumentTitle } from '../ui/useDocumentTitle';

/** A route another issue fills (account, organizer, dashboard, back-office). */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <main id="main" className="simple-page">
      <h1>{title}</h1>
      <p>This part of the site is not open yet.</p>
      <p>
        <Link href="/search">Search homes</Link>
      </p>
    </main>
  );
}
