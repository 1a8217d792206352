import { lazy } from 'react';
import { boot } from './app/boot';
import { ListingPage } from './features/listing/ListingPage';

// The entry a listing's page is served with (web/listing.html): that page in the first load, the search page on demand.
boot({ Search: lazy(() => import('./features/search/components/SearchPage').then((m) => ({ default: m.SearchPage }))), Listing: ListingPage });
