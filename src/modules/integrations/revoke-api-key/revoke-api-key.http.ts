import { Controller, Inject, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { apiKeyStream } from '../integrations.events';
import { RevokeApiKeyCommand } from './revoke-api-key.command';

@Controller()
export class RevokeApiKeyController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** The viewer's own key (staff: any); the next call with it is refused, on every instance (the guard reads the key's stream). */
  @Route(contract.apiKeys.revoke)
  async revoke(@Param('keyId') keyId: string, @Req() req: Request): Promise<undefined> {
    const viewer = dashboardViewer(req);
    await this.commands.execute(
      new RevokeApiKeyCommand(apiKeyStream(keyId), { keyId, byUserId: viewer.userId, isStaff: viewer.role === 'staff' }, commandContextOf(req)),
    );
    return undefined;
  }
}
