import { Body, Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { validation } from '../../../shared/errors';
import { userStream } from '../account';
import { CELL_PHONE_MESSAGE, formatPhone, normalizeCellPhone } from '../../../contract/phone';
import { COOKIES } from '../../../contract/prompt-rules';
import { cookiesOf } from '../sessions/cookies';
import { requireAuth } from '../sessions/request-auth';
import { commandContextOf } from '../../../commands/request-context';
import { UpdateAccountCommand } from './update-account.command';

/** Photos are uploaded first (POST /api/upload); only their address on this product is accepted. */
export const PHOTO_LOCATION = /^\/uploads\/[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

@Controller()
export class UpdateAccountController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** Account settings (section 3 "Account update fields"); consent changes go to the ledger. */
  @Route(contract.account.update)
  async update(@Body() input: BodyOf<typeof contract.account.update>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const auth = requireAuth(req);
    let cellPhone: string | undefined;
    if (input.CellPhone !== undefined) {
      cellPhone = normalizeCellPhone(input.CellPhone) ?? undefined;
      if (!cellPhone) throw validation(CELL_PHONE_MESSAGE);
    }
    if (input.PhotoLocation && !PHOTO_LOCATION.test(input.PhotoLocation)) throw validation('Failed to update photo: upload the photo first');
    const ctx = commandContextOf(req);
    const result = await this.commands.execute(
      new UpdateAccountCommand(
        userStream(auth.userId),
        {
          userId: auth.userId,
          cellPhone,
          photoLocation: input.PhotoLocation === '' ? null : input.PhotoLocation,
          consent: {
            email: input.UnsubscribeEmail === undefined ? undefined : !input.UnsubscribeEmail,
            text: input.UnsubscribeText === undefined ? undefined : !input.UnsubscribeText,
            propertyAlerts: input.On_PropertyAlerts,
            propertyUpdates: input.On_PropertyUpdates,
          },
          source: { how: 'account-settings', from: `account settings on ${req.site?.subdomain ?? 'the site'}`, at: ctx.now.toISOString() },
        },
        ctx,
      ),
    );
    // The social sign-up's phone step is done once a valid cell is saved.
    if (cellPhone && cookiesOf(req)[COOKIES.registrationState.name] === 'unregistered') {
      res.clearCookie(COOKIES.registrationState.name, { path: '/' });
    }
    const state = result.state;
    return { isSuccess: true as const, cellPhone: state.exists ? formatPhone(state.cellPhone) : '' };
  }

  /** The import opt-in modal: the imported user agrees to be texted again. */
  @Route(contract.account.importOptIn)
  async importOptIn(@Body() _empty: BodyOf<typeof contract.account.importOptIn>, @Req() req: Request) {
    const auth = requireAuth(req);
    const ctx = commandContextOf(req);
    await this.commands.execute(
      new UpdateAccountCommand(
        userStream(auth.userId),
        {
          userId: auth.userId,
          consent: { text: true },
          importOptIn: true,
          source: { how: 'import-opt-in', from: `import opt-in on ${req.site?.subdomain ?? 'the site'}`, at: ctx.now.toISOString() },
        },
        ctx,
      ),
    );
    return { isSuccess: true as const };
  }
}
