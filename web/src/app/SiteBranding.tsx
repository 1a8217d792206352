import { useEffect } from 'react';
import styles from './SiteHeader.module.css';
import { useSite } from './useSite';

const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The site's colours (site settings PrimaryColor, AccentColor) as the page's brand and accent
 * variables, set through the DOM (the CSP allows no inline style), and its disclaimer under the
 * public pages (plain text).
 */
export function SiteBranding({ pathname }: { pathname: string }) {
  const { site } = useSite();
  const primary = site?.settings['PrimaryColor'];
  const accent = site?.settings['AccentColor'];
  useEffect(() => {
    const root = document.documentElement.style;
    if (typeof primary === 'string' && COLOUR.test(primary)) for (const v of ['--brand', '--brand-strong', '--brand-ink']) root.setProperty(v, primary);
    if (typeof accent === 'string' && COLOUR.test(accent)) root.setProperty('--accent', accent);
  }, [primary, accent]);
  const disclaimer = site?.settings['Disclaimer'];
  if (typeof disclaimer !== 'string' || !disclaimer || pathname.startsWith('/dashboard')) return null;
  return (
    <footer className={styles.footer} data-testid="site-disclaimer">
      <p>{disclaimer}</p>
    </footer>
  );
}
