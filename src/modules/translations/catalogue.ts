import { FORM_LABELS } from './catalogue-forms';

/**
 * The translatable labels of the public site: id, English text (the default every language
 * falls back to) and where it shows. The web app renders them through <Translatable id>.
 */
export const LABELS = [
  { id: 'header.buy', en: 'Buy', where: 'Site header: main link to the search' },
  { id: 'header.saved', en: 'Saved', where: 'Site header: the organizer link' },
  { id: 'header.signIn', en: 'Sign in', where: 'Site header: the sign-in button' },
  { id: 'search.location.placeholder', en: 'City, county, zip or address', where: 'Search bar: keyword box' },
  { id: 'search.submit', en: 'Search', where: 'Search bar: the search button' },
  { id: 'search.filters', en: 'Filters', where: 'Search bar: opens the filters panel' },
  { id: 'search.moreTags', en: 'More Tags', where: 'Filters panel: shows every tag' },
  { id: 'search.hideTags', en: 'Hide Tags', where: 'Filters panel: hides the extra tags' },
  { id: 'search.reset', en: 'Reset', where: 'Filters panel: clears the filters' },
  { id: 'search.sortBy', en: 'Sort by', where: 'Results header: the sort selector' },
  { id: 'search.sold', en: 'Sold properties', where: 'Filters: the sold switch' },
  { id: 'search.view.list', en: 'List', where: 'View switcher' },
  { id: 'search.view.map', en: 'Map', where: 'View switcher' },
  { id: 'search.view.split', en: 'Split', where: 'View switcher' },
  { id: 'map.draw', en: 'Draw Custom Search', where: 'Map: the draw button' },
  { id: 'map.drawing', en: 'Drawing...', where: 'Map: the draw button while drawing' },
  { id: 'map.clear', en: 'Clear', where: 'Map: removes the drawn shapes' },
  { id: 'search.save', en: 'Save search', where: 'Results header: opens the saved-search manager' },
  { id: 'listing.previous', en: 'Previous', where: 'Listing page: previous result' },
  { id: 'listing.next', en: 'Next', where: 'Listing page: next result' },
  { id: 'listing.all', en: 'All', where: 'Listing page: back to all results' },
  { id: 'listing.contact', en: 'Ask about this home', where: 'Listing page: the inquiry form title' },
  { id: 'communication.updated.title', en: 'Updated Communication Settings!', where: 'Banner after an unsubscribe link' },
  { id: 'communication.updated', en: 'Your communication settings have been updated.', where: 'Banner after an unsubscribe link' },
  ...FORM_LABELS,
] as const;

export type LabelId = (typeof LABELS)[number]['id'];

export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'zh', name: '中文' },
  { code: 'vi', name: 'Tiếng Việt' },
] as const;

export const isLabelId = (id: string): id is LabelId => LABELS.some((l) => l.id === id);
export const isLanguage = (code: string): boolean => LANGUAGES.some((l) => l.code === code);
export const translationsStream = (language: string) => `translations-${language}`;
