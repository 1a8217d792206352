import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { parseBody } from '../../../http/parse-body';
import { forbidden, validation } from '../../../shared/errors';
import { userStream } from '../account';
import type { ConsentChannel, ConsentHow } from '../accounts.events';
import { COMMUNICATION_BANNER, COMMUNICATION_MARKERS, type CommunicationMarker } from '../../../contract/prompt-rules';
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

const CommunicationBody = z.strictObject({
  token: z.string().max(300),
  action: z.enum(COMMUNICATION_MARKERS),
});

@Controller('api/account')
export class CommunicationController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  /** The page behind a communication link applies it, then cleans the address and shows the banner. */
  @Post('communication')
  @HttpCode(200)
  async communication(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(CommunicationBody, body);
    await this.apply(req, input.token, input.action, 'email-link', `communication link (${input.action}) in an e-mail`);
    return { isSuccess: true, ...COMMUNICATION_BANNER };
  }

  /**
   * The one-click address opened in a browser (a person following the List-Unsubscribe link, a
   * mail client that opens it): a GET changes nothing itself, it hands the token to the site's
   * unsubscribe link, whose page applies it and shows the banner.
   */
  @Get('unsubscribe/oneclick')
  oneClickPage(@Query('token') token: unknown, @Res() res: Response): void {
    if (typeof token !== 'string' || token.length === 0 || token.length > 300) throw validation('This link is not valid');
    res.redirect(303, `/?unsubscribe_email=${encodeURIComponent(token)}`);
  }

  /** RFC 8058 one-click unsubscribe: the mail provider POSTs List-Unsubscribe=One-Click; no session, no Origin. */
  @Post('unsubscribe/oneclick')
  @HttpCode(200)
  async oneClick(@Query('token') token: unknown, @Body() body: unknown, @Req() req: Request) {
    const form = body as Record<string, unknown> | undefined;
    if (form?.['List-Unsubscribe'] !== 'One-Click') throw validation('Expected List-Unsubscribe=One-Click');
    if (typeof token !== 'string' || token.length > 300) throw validation('This link is not valid');
    await this.apply(req, token, 'unsubscribe_email', 'one-click', 'one-click unsubscribe from an e-mail (RFC 8058)');
    return { isSuccess: true };
  }

  private async apply(req: Request, token: string, action: CommunicationMarker, how: ConsentHow, from: string): Promise<void> {
    const check = verifyCommunicationToken(await this.secret.get(), token);
    if (!check.ok) throw check.reason === 'forged' ? forbidden('This link is not valid') : validation('This link is not valid');
    if (check.action !== action) throw validation('This link is not valid');
    const ctx = commandContextOf(req, check.userId);
    const consent = Object.fromEntries(CHANNELS_OF[action].map((c) => [c, false]));
    await this.commands.execute(new UpdateAccountCommand(userStream(check.userId), { userId: check.userId, consent, source: { how, from, at: ctx.now.toISOString() } }, ctx));
  }
}
