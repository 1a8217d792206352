import { useQuery } from '@tanstack/react-query';
import type { AreaKind } from '../../../../../src/contract/public-pages';
import { Link } from '../../../app/Link';
import { useT } from '../../../ui/translations';
import { guidesOfArea } from '../api/guides';

/** On a place's area page: the guides the site's office wrote about it (nothing when none). */
export function AreaGuides({ kind, label, place }: { readonly kind: AreaKind; readonly label: string; readonly place: string }) {
  const t = useT();
  const { data } = useQuery({ queryKey: ['area-guides', kind, label], queryFn: ({ signal }) => guidesOfArea(kind, label, signal) });
  if (!data || data.guides.length === 0) return null;
  return (
    <section aria-labelledby="area-guides">
      <h2 id="area-guides">{t('pages.area.guides', 'Guides to {place}', { place })}</h2>
      <ul>
        {data.guides.map((g) => (
          <li key={g.path}>
            <Link href={g.path}>{g.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
