import { lazy } from 'react';
import { boot } from './app/boot';
import { ListingPage } from './features/listing/ListingPage';

// The entry a listing's page is served with (listing.html, the build makes it from web/index.html): that page in the first load, the search page on demand.
boot({ Search: lazy(() => import('./features/search/components/SearchPage').then((m) => ({ default: m.SearchPage }))), Listing: ListingPage });
