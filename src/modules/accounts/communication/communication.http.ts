import { Body, Controller, Inject, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { forbidden, validation } from '../../../shared/errors';
import { userStream } from '../account';
import type { ConsentChannel, ConsentHow } from '../accounts.events';
import { COMMUNICATION_BANNER, type CommunicationMarker } from '../../../contract/prompt-rules';
import { SecretKey } from '../secret-key';
import { commandContextOf } from '../../../commands/request-context';
import { verifyCommunicationToken } from './communication-token';
import { UpdateAccountCommand } from '../update-account/update-account.command';

/** What each link turns off. */
export const CHANNELS_OF: Record<CommunicationMarker, readonly ConsentChannel[]> = {
  obliterate_all_communication: ['email', 'text', 'propertyAlerts', 'propertyUpdates'],
  unsubscribe_email: ['email'],
  unsubscribe_text: ['text'],
  On_PropertyAlerts: ['propertyAlerts'],
};

@Controller()
export class CommunicationController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  /** The page behind a communication link applies it, then cleans the address and shows the banner. */
  @Route(contract.account.communication)
  async communication(@Body() input: BodyOf<typeof contract.account.communication>, @Req() req: Request) {
    await this.apply(req, input.token, input.action, 'email-link', `communication link (${input.action}) in an e-mail`);
    return { isSuccess: true as const, ...COMMUNICATION_BANNER };
  }

  /**
   * The one-click address opened in a browser (a person following the List-Unsubscribe link, a
   * mail client that opens it): a GET changes nothing itself, it hands the token to the site's
   * unsubscribe link, whose page applies it and shows the banner.
   */
  @Route(contract.account.oneClickPage)
  oneClickPage(@Query('token') token: QueryOf<typeof contract.account.oneClickPage>['token'], @Res() res: Response): undefined {
    res.redirect(303, `/?unsubscribe_email=${encodeURIComponent(token)}`);
    return undefined;
  }

  /** RFC 8058 one-click unsubscribe: the mail provider POSTs List-Unsubscribe=One-Click; no session, no Origin. */
  // The form is validated before the token (the body's argument comes first).
  @Route(contract.account.oneClick)
  async oneClick(
    @Body() _form: BodyOf<typeof contract.account.oneClick>,
    @Query('token') token: QueryOf<typeof contract.account.oneClick>['token'],
    @Req() req: Request,
  ) {
    await this.apply(req, token, 'unsubscribe_email', 'one-click', 'one-click unsubscribe from an e-mail (RFC 8058)');
    return { isSuccess: true as const };
  }

  private async apply(req: Request, token: string, action: CommunicationMarker, how: ConsentHow, from: string): Promise<void> {
    const check = verifyCommunicationToken(await this.secret.get(), token);
    if (!check.ok) throw check.reason === 'forged' ? forbidden('This link is not valid') : validation('This link is not valid');
    if (check.action !== action) throw validation('This link is not valid');
    const ctx = commandContextOf(req, check.userId);
    const consent = Object.fromEntries(CHANNELS_OF[action].map((c) => [c, false]));
    await this.commands.execute(
      new UpdateAccountCommand(userStream(check.userId), { userId: check.userId, consent, source: { how, from, at: ctx.now.toISOString() } }, ctx),
    );
  }
}
