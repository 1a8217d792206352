/**
 * The personal-data export (issue 18): the JSON file to keep, and the same as a readable page.
 * Plain links: the browser downloads with the session cookie, nothing is held in the page.
 */
export function ExportLinks({ href }: { readonly href: string }) {
  return (
    <p className="export-links">
      <a className="btn" href={href} download>
        Download data (JSON)
      </a>{' '}
      <a className="btn" href={`${href}?format=html`} target="_blank" rel="noopener noreferrer">
        Readable summary
      </a>
    </p>
  );
}
