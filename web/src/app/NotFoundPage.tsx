import { Link } from './Link';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main id="main" className="simple-page">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <p>
        <Link href="/search">Search homes</Link>
      </p>
    </main>
  );
}
