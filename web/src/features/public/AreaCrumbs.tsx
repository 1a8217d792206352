import { areaPath } from '../../../../src/contract/public-pages';
import styles from './AreaCrumbs.module.css';

/**
 * Home › {County} County › {City} › {zip}: the listing's places, each a link to its "Homes for
 * sale in …" page (full page loads: those pages are the server's first), as the server's page has them.
 */
export function AreaCrumbs({ county, city, zip }: { county: string | null; city: string | null; zip: string | null }) {
  const zip5 = zip && /^\d{5}/.test(zip) ? zip.slice(0, 5) : null;
  const crumbs: [string, string][] = [['Home', '/']];
  if (county) crumbs.push([`${county} County`, areaPath('county', county)]);
  if (city) crumbs.push([city, areaPath('city', city)]);
  if (zip5) crumbs.push([zip5, areaPath('zip', zip5)]);
  if (crumbs.length === 1) return null;
  return (
    <nav className={styles.crumbs} aria-label="Breadcrumb">
      <ol>
        {crumbs.map(([name, href]) => (
          <li key={href}>
            <a href={href}>{name}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
