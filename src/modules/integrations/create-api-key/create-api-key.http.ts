import { Body, Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { commandContextOf } from '../../../commands/request-context';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { refuseWhileImpersonating } from '../../accounts';
import { apiKeyStream } from '../integrations.events';
import { hashOfKey, newApiKey } from '../api-keys/key-secret';
import { CreateApiKeyCommand } from './create-api-key.command';

export const NOT_WHILE_IMPERSONATING = 'API keys cannot be made while impersonating a user';

@Controller()
export class CreateApiKeyController {
  constructor(@Inject(CommandBus) private readonly commands: CommandBus) {}

  /** A key that acts as the viewer; the key itself is in this answer only. */
  @Route(contract.apiKeys.create)
  async create(@Body() input: BodyOf<typeof contract.apiKeys.create>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    // A key made while impersonating would outlive the impersonation and act as the user.
    refuseWhileImpersonating(req, NOT_WHILE_IMPERSONATING);
    const keyId = newId();
    const key = newApiKey(keyId);
    await this.commands.execute(
      new CreateApiKeyCommand(apiKeyStream(keyId), { keyId, userId: viewer.userId, name: input.name, keyHash: hashOfKey(key) }, commandContextOf(req)),
    );
    return { keyId, name: input.name, key };
  }
}
