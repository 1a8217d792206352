import { lazy } from 'react';

export * from './DeferredListingMap';
export * from './mapLayout';
export * from './mapTypes';
// The polygonmap format, not the drawing's simplification: that comes with the map's chunk.
export * from './polygonFormat';
export type { LngLat, Ring } from './polygons';

// The map library is large: the search page fetches it only when a view with the map opens.
let code: Promise<typeof import('./SearchMap')> | null = null;
/**
 * Starts fetching the map's code (and, once it runs, the basemap atlas and maplibre's worker)
 * without drawing it: the map view asks at once, in parallel with its first search, so the map
 * no longer waits for the search, then the list, then its own code, in turn.
 */
export const preloadSearchMap = () => (code ??= import('./SearchMap').catch((err: unknown) => ((code = null), Promise.reject(err))));
export const SearchMap = lazy(() => preloadSearchMap().then((m) => ({ default: m.SearchMap })));
export const PointsMap = lazy(() => import('./PointsMap').then((m) => ({ default: m.PointsMap })));
