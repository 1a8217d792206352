import { Body, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { leadFoldCandidates } from '../../../../projections/lead-feed';
import { DB_POOL } from '../../../runtime/tokens';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { accountIdParam, AdminCommands } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';
import { decideAddNote, decideLink, decideMerge, decideUnlink, decideUnmerge } from './account-actions.decide';

const routes = contract.accountActions;

/** Spec family "accounts (merge, link, note)". */
@BackofficeController()
export class AccountActionsController {
  constructor(
    @Inject(AdminCommands) private readonly commands: AdminCommands,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(routes.note)
  note(@Param('userId') userId: string, @Body() input: BodyOf<typeof routes.note>, @Req() req: Request) {
    return this.commands.run(req, userId, () => decideAddNote({ userId, noteId: newId(), ...input }));
  }

  @Route(routes.merge)
  async merge(@Body() input: BodyOf<typeof routes.merge>, @Req() req: Request) {
    // Which leads fold is read first: a lead that appears meanwhile stays its own (and can be merged by a second merge after an unmerge).
    const leads = await leadFoldCandidates(this.pool, accountIdParam(input.survivorId), accountIdParam(input.mergedId));
    return this.commands.runOnTwo(req, [input.survivorId, input.mergedId], ([survivor, merged], states) =>
      decideMerge({ mergeId: newId(), survivor, merged, reason: input.reason, leads }, states),
    );
  }

  @Route(routes.unmerge)
  unmerge(@Body() input: BodyOf<typeof routes.unmerge>, @Req() req: Request) {
    return this.commands.runOnTwo(req, [input.survivorId, input.mergedId], ([survivor, merged], states) =>
      decideUnmerge({ survivorId: survivor.userId, mergedId: merged.userId, reason: input.reason }, states),
    );
  }

  @Route(routes.link)
  link(@Body() input: BodyOf<typeof routes.link>, @Req() req: Request) {
    return this.commands.runOnTwo(req, [input.userId, input.otherUserId], ([a, b], states) =>
      decideLink({ userId: a.userId, otherUserId: b.userId, relation: input.relation, reason: input.reason }, states),
    );
  }

  @Route(routes.unlink)
  unlink(@Body() input: BodyOf<typeof routes.unlink>, @Req() req: Request) {
    return this.commands.runOnTwo(req, [input.userId, input.otherUserId], ([a, b], states) =>
      decideUnlink({ userId: a.userId, otherUserId: b.userId, reason: input.reason }, states),
    );
  }
}
