import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { notFound } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { loadAccount } from '../../accounts';
import { type LeadInScope, leadInScope } from '../view-leads/lead-in-scope';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import type { Lead } from '../lead';
import { leadNotesStream } from '../leads.events';
import { type NoteCommand } from './notes.decide';
import { NotesCommand } from './notes.command';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Notes on a lead (contract section 5a): its agent, the office's broker and staff write them;
 * the author edits; the author, the broker or staff delete. Outside the viewer's scope: 404.
 * The lead never sees them (no route a lead can call reads lead_notes).
 */
@Controller()
export class NotesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  @Route(contract.tasks.writeNote)
  async write(@Param('leadId') leadId: string, @Body() { text }: BodyOf<typeof contract.tasks.writeNote>, @Req() req: Request) {
    const { viewer, lead } = await this.scoped(req, leadId);
    const { account } = await loadAccount(this.store, viewer.userId);
    const authorName = account.exists ? `${account.firstName} ${account.lastName}`.trim() || account.email : 'Someone';
    const noteId = newId();
    await this.run(req, lead, { kind: 'write', leadId: lead.leadId, siteId: lead.siteId, noteId, text, authorId: viewer.userId, authorName });
    return { noteId };
  }

  @Route(contract.tasks.editNote)
  async edit(@Param('leadId') leadId: string, @Param('noteId') noteId: string, @Body() { text }: BodyOf<typeof contract.tasks.editNote>, @Req() req: Request) {
    const { viewer, lead } = await this.scoped(req, leadId, noteId);
    await this.run(req, lead, { kind: 'edit', leadId: lead.leadId, siteId: lead.siteId, noteId, text, byUserId: viewer.userId });
    return { isSuccess: true as const, noteId };
  }

  @Route(contract.tasks.deleteNote)
  async remove(@Param('leadId') leadId: string, @Param('noteId') noteId: string, @Req() req: Request) {
    const { viewer, lead } = await this.scoped(req, leadId, noteId);
    await this.run(req, lead, {
      kind: 'delete',
      leadId: lead.leadId,
      siteId: lead.siteId,
      noteId,
      byUserId: viewer.userId,
      moderates: viewer.role !== 'agent',
    });
    return { isSuccess: true as const, noteId };
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
    await this.commands.execute(new NotesCommand(leadNotesStream(lead.leadId), command, commandContextOf(req)));
  }
}
