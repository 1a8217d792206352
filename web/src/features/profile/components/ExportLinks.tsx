import { useT } from '../../../ui/translations';

/**
 * The personal-data export (issue 18): the JSON file to keep, and the same as a readable page.
 * Plain links: the browser downloads with the session cookie, nothing is held in the page.
 */
export function ExportLinks({ href }: { readonly href: string }) {
  const t = useT();
  return (
    <p className="export-links">
      <a className="btn" href={href} download>
        {t('account.exportJson', 'Download data (JSON)')}
      </a>{' '}
      <a className="btn" href={`${href}?format=html`} target="_blank" rel="noopener noreferrer">
        {t('account.exportHtml', 'Readable summary')}
      </a>
    </p>
  );
}
