import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { useIdleAfter } from '../../ui/useIdleAfter';
import { useInView } from '../../ui/useInView';

const ListingMap = lazy(() => import('./ListingMap').then((m) => ({ default: m.ListingMap })));

type Props = { latitude: number; longitude: number; name: string; styleUrl: string | null; approximate?: boolean };

/**
 * A place's small map (ListingMap) that loads once its slot nears the screen and the browser is
 * idle: MapLibre is a page's heaviest script, and loaded at once it held the area page's
 * Lighthouse performance at 56-66. The slot (`className`) keeps its height meanwhile, so nothing
 * moves when the map arrives.
 */
export function DeferredListingMap({ className, fallback = null, ...map }: Props & { className: string; fallback?: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const wanted = useIdleAfter(useInView(slot, '200px'));
  return (
    <div ref={slot} className={className}>
      {wanted ? (
        <Suspense fallback={fallback}>
          <ListingMap {...map} />
        </Suspense>
      ) : (
        fallback
      )}
    </div>
  );
}
