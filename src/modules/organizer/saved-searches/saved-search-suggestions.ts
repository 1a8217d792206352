import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { SavedSearchSuggestions } from '../../listings';
import { leadIdFor } from '../../leads';
import { savedSearchesNamed } from '../../../../projections/organizer';

/** The signed-in lead's saved searches whose name starts with the term (value: the search's query string). */
@Injectable()
export class OrganizerSavedSearchSuggestions extends SavedSearchSuggestions {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {
    super();
  }

  async group(req: Request, term: string) {
    if (!req.auth || !req.site) return undefined;
    const found = await savedSearchesNamed(this.pool, leadIdFor(req.auth.userId, req.site.siteId), term, 5);
    if (found.length === 0) return undefined;
    const items = found.map((s) => ({ friendlyInputName: s.name, inputName: 'savedsearch', value: s.searchQs }));
    return { name: 'Saved Searches', groupcount: items.length, items };
  }
}
