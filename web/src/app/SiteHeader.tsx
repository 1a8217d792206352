import { AccountMenu } from '../features/sign-in/components/AccountMenu';
import { Translatable } from '../ui/Translatable';
import { Link } from './Link';
import styles from './SiteHeader.module.css';
import { useSite } from './useSite';
import { useT } from '../ui/translations';

/** The site's header: its name, the main links and the sign-in entry. */
export function SiteHeader() {
  const t = useT();
  const { site } = useSite();
  return (
    <header className={styles.header} data-multiline={site?.settings['On_MultiLineNav'] === true}>
      <Link href="/search" className={styles.brand}>
        {typeof site?.settings['LogoUrl'] === 'string' ? (
          <img className={styles.logo} src={site.settings['LogoUrl']} alt="" />
        ) : (
          <span className={styles.mark} aria-hidden="true" />
        )}
        <span className={styles.brandName}>{site?.name ?? 'Porchlight'}</span>
      </Link>
      <nav aria-label={t('header.nav', 'Main')} className={styles.nav}>
        <Link href="/search" className={styles.navLink}>
          <Translatable id="header.buy">Buy</Translatable>
        </Link>
        <Link href="/sell" className={styles.navLink}>
          <Translatable id="header.sell">Sell</Translatable>
        </Link>
        <Link href="/agents" className={styles.navLink}>
          <Translatable id="header.agents">Our agents</Translatable>
        </Link>
        <Link href="/organizer" className={styles.navLink}>
          <Translatable id="header.saved">Saved</Translatable>
        </Link>
        <AccountMenu buttonClassName={styles.signIn} />
      </nav>
    </header>
  );
}
