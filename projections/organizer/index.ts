export { organizerProjection } from './organizer.projection';
export { notebookHeaders } from './notebook.query';
export { savedSearchesNamed, savedSearchesOf, type SavedSearchView } from './saved-searches.query';
