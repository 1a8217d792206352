export * from './components/ListingsPushActions';
