import { Body, Controller, Inject, Param, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { loadAccount } from '../../accounts';
import { leadInScope, leadNotesStream, NotesCommand } from '../../leads';
import { ApiKeyGuard } from '../v1/api-key.guard';

@Controller()
@UseGuards(ApiKeyGuard)
export class V1WriteNoteController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /** The dashboard's note command, written as the key's maker (outside their scope: 404). */
  @Route(contract.v1.writeNote)
  async write(@Param('leadId') leadId: string, @Body() { text }: BodyOf<typeof contract.v1.writeNote>, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const { account } = await loadAccount(this.store, viewer.userId);
    const authorName = account.exists ? `${account.firstName} ${account.lastName}`.trim() || account.email : 'Someone';
    const noteId = newId();
    await this.commands.execute(
      new NotesCommand(
        leadNotesStream(lead.leadId),
        { kind: 'write', leadId: lead.leadId, siteId: lead.siteId, noteId, text, authorId: viewer.userId, authorName },
        commandContextOf(req),
      ),
    );
    return { noteId };
  }
}
