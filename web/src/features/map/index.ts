import { lazy } from 'react';

export * from './DeferredListingMap';
export * from './mapLayout';
export * from './mapTypes';
export * from './polygons';

// The map library is large: the search page fetches it only when the map shows.
export const SearchMap = lazy(() => import('./SearchMap').then((m) => ({ default: m.SearchMap })));
