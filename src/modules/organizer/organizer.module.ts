import { Global, Module } from '@nestjs/common';
import { ListingsModule, SavedSearchSuggestions } from '../listings';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { NotebookController } from './notebook/notebook.http';
import { OrganizerSavedSearchSuggestions } from './saved-searches/saved-search-suggestions';
import { LeadSearchesController } from './saved-searches/lead-searches.http';
import { SavedSearchesController } from './saved-searches/saved-searches.http';
import { ShareMailSender } from './share-listing/share-mail.reactor';

/**
 * Saved searches and the notebook, and the sender of share e-mails. Global only so that search's
 * autocomplete can offer the lead's saved searches through its SavedSearchSuggestions port
 * without importing this context.
 */
@Global()
@Module({
  imports: [ListingsModule, MessagingModule, SitesModule],
  controllers: [SavedSearchesController, NotebookController, LeadSearchesController],
  providers: [{ provide: SavedSearchSuggestions, useClass: OrganizerSavedSearchSuggestions }, ShareMailSender],
  exports: [SavedSearchSuggestions],
})
export class OrganizerModule {}
