import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { validation } from '../../../shared/errors';
import { ownerOf, runOrganizerCommand } from '../run-organizer-command';
import { stableId } from '../../../shared/stable-id';
import { parseFrequency, parseName, parseSavedSearch } from './saved-search-input';
import { savedSearchesOf } from '../../../../projections/organizer';

const ID = /^[0-9a-f-]{36}$/;
const searchIdOf = (id: string): string => {
  if (!ID.test(id)) throw validation('searchId is not a saved search id');
  return id;
};

/** Saved searches (PDQ): save from the search screens, list, rename, change frequency, delete. */
@Controller('api')
export class SavedSearchesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @ApiDoc({ summary: 'Save the criteria as a saved search (PDQ); saving the same criteria again keeps the one search', tag: 'organizer', access: 'signed in', responses: { 200: '{path, searchId}', 400: 'a malformed criterion', 401: 'signed out' } })
  @Post('search/savepdq')
  @HttpCode(200)
  async save(@Body() body: unknown, @Req() req: Request) {
    const owner = ownerOf(req);
    const input = parseSavedSearch(body);
    const searchId = stableId(`${owner.leadId} ${input.searchQs}`);
    await runOrganizerCommand(this.store, req, { type: 'SaveSearch', searchId, ...input });
    return { path: `/search${input.searchQs ? `?${input.searchQs}` : ''}`, searchId };
  }

  @ApiDoc({ summary: "The signed-in lead's saved searches on this site, newest first", tag: 'organizer', access: 'signed in', responses: { 200: '{searches:[{searchId, name, frequency, searchQs, searchTitle, path, createdAt}]}', 401: 'signed out' } })
  @Get('organizer/searches')
  async list(@Req() req: Request) {
    return { searches: await savedSearchesOf(this.pool, ownerOf(req).leadId) };
  }

  @ApiDoc({ summary: 'Rename a saved search and/or change its alert frequency (instant, daily, weekly, never)', tag: 'organizer', access: 'signed in', responses: { 204: 'done', 400: 'a bad name or frequency', 404: 'not a saved search of this lead' } })
  @Post('organizer/searches/:searchId')
  @HttpCode(204)
  async change(@Param('searchId') id: string, @Body() body: unknown, @Req() req: Request): Promise<void> {
    const searchId = searchIdOf(id);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validation('The request body must be a JSON object');
    const b = body as Record<string, unknown>;
    for (const k of Object.keys(b)) if (k !== 'name' && k !== 'frequency') throw validation(`Unknown field: ${k}`);
    if (b.name === undefined && b.frequency === undefined) throw validation('Give a name or a frequency');
    if (b.name !== undefined) {
      const name = parseName(b.name);
      if (!name) throw validation('name is required');
      await runOrganizerCommand(this.store, req, { type: 'RenameSearch', searchId, name });
    }
    if (b.frequency !== undefined) await runOrganizerCommand(this.store, req, { type: 'ChangeSearchFrequency', searchId, frequency: parseFrequency(b.frequency) });
  }

  @ApiDoc({ summary: 'Delete a saved search (its alerts stop)', tag: 'organizer', access: 'signed in', responses: { 204: 'deleted', 404: 'not a saved search of this lead' } })
  @Delete('organizer/searches/:searchId')
  @HttpCode(204)
  async remove(@Param('searchId') id: string, @Req() req: Request): Promise<void> {
    await runOrganizerCommand(this.store, req, { type: 'DeleteSearch', searchId: searchIdOf(id) });
  }
}
