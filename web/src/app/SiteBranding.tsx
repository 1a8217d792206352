import { useEffect } from 'react';
import { Translatable } from '../ui/Translatable';
import { Link } from './Link';
import styles from './SiteHeader.module.css';
import { useSite } from './useSite';

const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The site's colours (site settings PrimaryColor, AccentColor) as the page's brand and accent
 * variables, set through the DOM (the CSP allows no inline style); under the public pages the
 * links to the site's forms and its disclaimer (plain text).
 */
export function SiteBranding({ pathname }: { pathname: string }) {
  const { site } = useSite();
  const primary = site?.settings['PrimaryColor'];
  const accent = site?.settings['AccentColor'];
  useEffect(() => {
    const root = document.documentElement.style;
    if (typeof primary === 'string' && COLOUR.test(primary)) {
      root.setProperty('--brand', primary);
      // The darker shade for hover and text on light brand backgrounds, as the stylesheet's is to its brand.
      for (const v of ['--brand-strong', '--brand-ink']) root.setProperty(v, `color-mix(in srgb, ${primary} 75%, black)`);
    }
    if (typeof accent === 'string' && COLOUR.test(accent)) root.setProperty('--accent', accent);
  }, [primary, accent]);
  const disclaimer = site?.settings['Disclaimer'];
  // Not under the dashboard nor the full-height map views.
  if (pathname.startsWith('/dashboard') || pathname.startsWith('/search/')) return null;
  return (
    <footer className={styles.footer}>
      <nav aria-label="Site" className={styles.footerNav}>
        <Link href="/sell"><Translatable id="forms.sell.title">What’s my home worth?</Translatable></Link>
        <Link href="/contact"><Translatable id="forms.contact.title">Contact us</Translatable></Link>
        <Link href="/refer"><Translatable id="forms.refer.title">Refer a friend</Translatable></Link>
        <Link href="/careers"><Translatable id="forms.careers.title">Join our team</Translatable></Link>
        <Link href="/agents"><Translatable id="header.agents">Our agents</Translatable></Link>
      </nav>
      {typeof disclaimer === 'string' && disclaimer && <p data-testid="site-disclaimer">{disclaimer}</p>}
    </footer>
  );
}
