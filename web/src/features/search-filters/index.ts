// The search page's filter bar and keyword box.
export { FilterBar } from './components/FilterBar';
export { KeywordBox } from './components/KeywordBox';
export { autocomplete } from './api/filtersApi';
