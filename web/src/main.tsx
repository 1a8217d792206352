import { lazy } from 'react';
import { boot } from './app/boot';
import { SearchPage } from './features/search/components/SearchPage';

// The search page is in this entry's first load; a listing's page comes on demand (web/src/listing.tsx is the entry a listing page is served with).
boot({ Search: SearchPage, Listing: lazy(() => import('./features/listing/ListingPage').then((m) => ({ default: m.ListingPage }))) });
