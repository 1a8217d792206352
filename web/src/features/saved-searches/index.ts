// Saving a search with alerts, from the search page (loaded on demand).
export { SavedSearchModal } from './components/SavedSearchModal';
