import { useSite } from '../../app/useSite';
import formStyles from '../../ui/forms.module.css';
import { Translatable } from '../../ui/Translatable';
import { useLabel } from '../../ui/translations';

/**
 * The site's lender application link (site settings LenderUrl, LenderName), opened in a new tab;
 * nothing when the site has no lender.
 */
export function LenderLink() {
  const { site } = useSite();
  const url = site?.settings['LenderUrl'];
  const name = site?.settings['LenderName'];
  const apply = useLabel('lender.apply', 'Apply for a mortgage');
  if (typeof url !== 'string' || !url.startsWith('https://')) return null;
  return (
    <aside className={formStyles.banner} aria-label="Financing" data-testid="lender-link">
      <strong>
        <Translatable id="lender.title">Thinking about financing?</Translatable>
      </strong>{' '}
      <a href={url} target="_blank" rel="noopener noreferrer">
        {typeof name === 'string' && name ? `${apply}: ${name}` : apply}
      </a>
    </aside>
  );
}
