import { Link } from './Link';
import { useT } from '../ui/translations';
import { useDocumentTitle } from '../ui/useDocumentTitle';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle('Page not found');
  return (
    <main id="main" className="simple-page">
      <h1>{t('notFound.title', 'Page not found')}</h1>
      <p>{t('notFound.text', 'The page you asked for does not exist.')}</p>
      <p>
        <Link href="/search">{t('listing.searchHomes', 'Search homes')}</Link>
      </p>
    </main>
  );
}
