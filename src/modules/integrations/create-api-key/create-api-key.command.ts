import { decideCommand } from '../../../commands/decide-command';
import { createApiKeyDecider } from './create-api-key.decide';

export class CreateApiKeyCommand extends decideCommand(createApiKeyDecider) {}
