import { Translatable } from '../ui/Translatable';
import { Link } from './Link';
import styles from './SiteHeader.module.css';
import { useSite } from './useSite';

/**
 * Under the public pages, the links to the site's forms and its disclaimer (plain text). The
 * site's colours and fonts come with its stylesheet (/api/castle/styles/site.css, linked from
 * index.html), before the first paint.
 */
export function SiteBranding({ pathname }: { pathname: string }) {
  const { site } = useSite();
  const disclaimer = site?.settings['Disclaimer'];
  // Not under the dashboard nor the full-height map views.
  if (pathname.startsWith('/dashboard') || pathname.startsWith('/search/')) return null;
  return (
    <footer className={styles.footer}>
      <nav aria-label="Site" className={styles.footerNav}>
        <Link href="/sell">
          <Translatable id="forms.sell.title">What’s my home worth?</Translatable>
        </Link>
        <Link href="/contact">
          <Translatable id="forms.contact.title">Contact us</Translatable>
        </Link>
        <Link href="/refer">
          <Translatable id="forms.refer.title">Refer a friend</Translatable>
        </Link>
        <Link href="/careers">
          <Translatable id="forms.careers.title">Join our team</Translatable>
        </Link>
        <Link href="/agents">
          <Translatable id="header.agents">Our agents</Translatable>
        </Link>
      </nav>
      {typeof disclaimer === 'string' && disclaimer && <p data-testid="site-disclaimer">{disclaimer}</p>}
    </footer>
  );
}
