import { Link } from '../../../app/Link';
import type { Criteria } from '../../../../../src/contract/search';
import { Icon, type IconName } from '../../../ui/Icon';
import styles from './FilterBar.module.css';
import { type SearchView, viewUrl } from '../../search';
import { useT } from '../../../ui/translations';

const VIEWS: readonly { view: SearchView; label: string; icon: IconName }[] = [
  { view: 'list', label: 'List', icon: 'grid' },
  { view: 'split', label: 'Split', icon: 'split' },
  { view: 'map', label: 'Map', icon: 'map' },
];

/** Links to the same search in the list, split and map views. */
export function ViewSwitcher({ view, criteria, passthrough }: { view: SearchView; criteria: Criteria; passthrough: Readonly<Record<string, string>> }) {
  const t = useT();
  return (
    <nav className={styles.views} aria-label={t('search.views', 'Result views')}>
      {VIEWS.map((v) => (
        <Link key={v.view} href={viewUrl(v.view, criteria, passthrough)} className={styles.viewLink} aria-current={v.view === view ? 'page' : undefined}>
          <Icon name={v.icon} size={18} />
          <span className="label-desktop">{t(`search.view.${v.view}`, v.label)}</span>
        </Link>
      ))}
    </nav>
  );
}
