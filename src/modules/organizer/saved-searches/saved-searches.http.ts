import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { validation } from '../../../shared/errors';
import { ownerOf, runOrganizerCommand } from '../run-organizer-command';
import { stableId } from '../../../shared/stable-id';
import { parseName, parseSavedSearch } from './saved-search-input';
import { savedSearchesOf } from '../../../../projections/organizer';

const ID = /^[0-9a-f-]{36}$/;
const searchIdOf = (id: string): string => {
  if (!ID.test(id)) throw validation('searchId is not a saved search id');
  return id;
};

/** Saved searches (PDQ): save from the search screens, list, rename, change frequency, delete. */
@Controller()
export class SavedSearchesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(contract.organizer.saveSearch)
  async save(@Body() body: BodyOf<typeof contract.organizer.saveSearch>, @Req() req: Request) {
    const owner = ownerOf(req);
    const input = parseSavedSearch(body);
    const searchId = stableId(`${owner.leadId} ${input.searchQs}`);
    await runOrganizerCommand(this.store, req, { type: 'SaveSearch', searchId, ...input });
    return { path: `/search${input.searchQs ? `?${input.searchQs}` : ''}`, searchId };
  }

  @Route(contract.organizer.searches)
  async list(@Req() req: Request) {
    return { searches: await savedSearchesOf(this.pool, ownerOf(req).leadId) };
  }

  @Route(contract.organizer.changeSearch)
  async change(@Param('searchId') id: string, @Body() b: BodyOf<typeof contract.organizer.changeSearch>, @Req() req: Request): Promise<undefined> {
    const searchId = searchIdOf(id);
    if (b.name === undefined && b.frequency === undefined) throw validation('Give a name or a frequency');
    if (b.name !== undefined) {
      const name = parseName(b.name);
      if (!name) throw validation('name is required');
      await runOrganizerCommand(this.store, req, { type: 'RenameSearch', searchId, name });
    }
    if (b.frequency !== undefined) await runOrganizerCommand(this.store, req, { type: 'ChangeSearchFrequency', searchId, frequency: b.frequency });
  }

  @Route(contract.organizer.deleteSearch)
  async remove(@Param('searchId') id: string, @Req() req: Request): Promise<undefined> {
    await runOrganizerCommand(this.store, req, { type: 'DeleteSearch', searchId: searchIdOf(id) });
  }
}
