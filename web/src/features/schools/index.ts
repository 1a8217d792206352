// What other features use of schools: the listing page's section.
export { NearbySchools } from './components/NearbySchools';
