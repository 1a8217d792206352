import { Global, Module } from '@nestjs/common';
import { SavedSearchSuggestions } from '../listings';
import { NotebookController } from './notebook/notebook.http';
import { OrganizerSavedSearchSuggestions } from './saved-searches/saved-search-suggestions';
import { SavedSearchesController } from './saved-searches/saved-searches.http';

/**
 * Saved searches and the notebook. Global only so that search's autocomplete can offer the
 * lead's saved searches through its SavedSearchSuggestions port without importing this context.
 */
@Global()
@Module({
  controllers: [SavedSearchesController, NotebookController],
  providers: [{ provide: SavedSearchSuggestions, useClass: OrganizerSavedSearchSuggestions }],
  exports: [SavedSearchSuggestions],
})
export class OrganizerModule {}
