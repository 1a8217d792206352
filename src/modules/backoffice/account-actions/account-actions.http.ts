import { Body, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { leadFoldCandidates } from '../../../../projections/lead-feed';
import { DB_POOL } from '../../../runtime/tokens';
import { parseBody } from '../../../http/parse-body';
import { newId } from '../../../shared/ids';
import { accountIdParam, AdminCommands } from '../admin-commands';
import { actionDoc, BackofficeController, reasonField } from '../backoffice-controller';
import { LINK_RELATIONS } from '../backoffice.events';
import { decideAddNote, decideLink, decideMerge, decideUnlink, decideUnmerge } from './account-actions.decide';

const reason = reasonField;
const id = z.string().max(64);
const NoteBody = z.strictObject({ text: z.string().max(5000), reason });
const MergeBody = z.strictObject({ survivorId: id, mergedId: id, reason });
const LinkBody = z.strictObject({ userId: id, otherUserId: id, relation: z.enum(LINK_RELATIONS as [string, ...string[]]), reason });
const UnlinkBody = z.strictObject({ userId: id, otherUserId: id, reason });

const doc = actionDoc('Back-office');

/** Spec family "accounts (merge, link, note)". */
@BackofficeController('accounts')
export class AccountActionsController {
  constructor(
    @Inject(AdminCommands) private readonly commands: AdminCommands,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post(':userId/notes')
  @HttpCode(200)
  @doc('Add a note to an account', NoteBody)
  note(@Param('userId') userId: string, @Body() body: unknown, @Req() req: Request) {
    const input = parseBody(NoteBody, body);
    return this.commands.run(req, userId, () => decideAddNote({ userId, noteId: newId(), ...input }));
  }

  @Post('merge')
  @HttpCode(200)
  @doc('Merge an account into another (the merged account keeps its history; its leads fold into the survivor\'s)', MergeBody)
  async merge(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(MergeBody, body);
    // Which leads fold is read first: a lead that appears meanwhile stays its own (and can be merged by a second merge after an unmerge).
    const leads = await leadFoldCandidates(this.pool, accountIdParam(input.survivorId), accountIdParam(input.mergedId));
    return this.commands.runOnTwo(req, [input.survivorId, input.mergedId], ([survivor, merged], states) =>
      decideMerge({ mergeId: newId(), survivor, merged, reason: input.reason, leads }, states),
    );
  }

  @Post('unmerge')
  @HttpCode(200)
  @doc('Undo a merge: both accounts are as they were before it', MergeBody)
  unmerge(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(MergeBody, body);
    return this.commands.runOnTwo(req, [input.survivorId, input.mergedId], ([survivor, merged], states) =>
      decideUnmerge({ survivorId: survivor.userId, mergedId: merged.userId, reason: input.reason }, states),
    );
  }

  @Post('link')
  @HttpCode(200)
  @doc('Link two accounts', LinkBody)
  link(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(LinkBody, body);
    return this.commands.runOnTwo(req, [input.userId, input.otherUserId], ([a, b], states) =>
      decideLink({ userId: a.userId, otherUserId: b.userId, relation: input.relation as (typeof LINK_RELATIONS)[number], reason: input.reason }, states),
    );
  }

  @Post('unlink')
  @HttpCode(200)
  @doc('Unlink two accounts', UnlinkBody)
  unlink(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(UnlinkBody, body);
    return this.commands.runOnTwo(req, [input.userId, input.otherUserId], ([a, b], states) =>
      decideUnlink({ userId: a.userId, otherUserId: b.userId, reason: input.reason }, states),
    );
  }
}
