import { Body, Controller, Delete, HttpCode, Inject, Param, Patch, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../../../commands/handle-command';
import { NOTE_MAX } from '../../../contract/tasks';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { newId } from '../../../shared/ids';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { type LeadInScope, leadInScope } from '../view-leads/lead-in-scope';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import type { Lead } from '../lead';
import { leadNotesStream } from '../leads.events';
import { type NoteCommand, notesDecider } from './notes.decide';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Plain text, kept as typed (trimmed at the ends); the dashboard never renders it as HTML. */
const NoteBody = z.strictObject({ text: z.string({ error: 'text is required' }).trim().max(NOTE_MAX).refine((t) => t.length > 0, { error: 'text is required' }) });

/**
 * Notes on a lead (contract section 5a): its agent, the office's broker and staff write them;
 * the author edits; the author, the broker or staff delete. Outside the viewer's scope: 404.
 * The lead never sees them (no route a lead can call reads lead_notes).
 */
@Controller('api/dashboard/leads')
export class NotesController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @ApiDoc({ summary: 'Write a note on a lead (never shown to the lead)', tag: 'Working a lead', access: 'agents, brokers, staff (their scope)', body: NoteBody, responses: { 201: '{noteId}' } })
  @Post(':leadId/notes')
  @HttpCode(201)
  async write(@Param('leadId') leadId: string, @Body() body: unknown, @Req() req: Request) {
    const { viewer, lead } = await this.scoped(req, leadId);
    const { text } = parseBody(NoteBody, body);
    const { account } = await loadAccount(this.store, viewer.userId);
    const authorName = account.exists ? `${account.firstName} ${account.lastName}`.trim() || account.email : 'Someone';
    const noteId = newId();
    await this.run(req, lead, { kind: 'write', leadId: lead.leadId, siteId: lead.siteId, noteId, text, authorId: viewer.userId, authorName });
    return { noteId };
  }

  @ApiDoc({ summary: 'Rewrite a note (its author)', tag: 'Working a lead', access: 'agents, brokers, staff (their scope)', body: NoteBody })
  @Patch(':leadId/notes/:noteId')
  async edit(@Param('leadId') leadId: string, @Param('noteId') noteId: string, @Body() body: unknown, @Req() req: Request) {
    const { viewer, lead } = await this.scoped(req, leadId, noteId);
    const { text } = parseBody(NoteBody, body);
    await this.run(req, lead, { kind: 'edit', leadId: lead.leadId, siteId: lead.siteId, noteId, text, byUserId: viewer.userId });
    return { isSuccess: true, noteId };
  }

  @ApiDoc({ summary: 'Delete a note (its author, the broker or staff)', tag: 'Working a lead', access: 'agents, brokers, staff (their scope)' })
  @Delete(':leadId/notes/:noteId')
  async remove(@Param('leadId') leadId: string, @Param('noteId') noteId: string, @Req() req: Request) {
    const { viewer, lead } = await this.scoped(req, leadId, noteId);
    await this.run(req, lead, { kind: 'delete', leadId: lead.leadId, siteId: lead.siteId, noteId, byUserId: viewer.userId, moderates: viewer.role !== 'agent' });
    return { isSuccess: true, noteId };
  }

  /** 401 signed out, 403 for leads, 404 for a lead (or note id) outside the viewer's scope. */
  private async scoped(req: Request, leadId: string, noteId?: string): Promise<LeadInScope> {
    if (noteId !== undefined && !UUID.test(noteId)) {
      dashboardViewer(req);
      throw notFound();
    }
    return leadInScope(this.store, req, leadId);
  }

  private async run(req: Request, lead: Extract<Lead, { exists: true }>, command: NoteCommand) {
    await handleCommand(this.store, leadNotesStream(lead.leadId), notesDecider, command, commandContextOf(req));
  }
}
