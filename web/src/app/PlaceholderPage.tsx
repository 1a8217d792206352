import { useEffect } from 'react';
import { Link } from './Link';

/** A route another issue fills (account, organizer, dashboard, back-office). */
export function PlaceholderPage({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
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
