import { decideCommand } from '../../../commands/decide-command';
import { revokeApiKeyDecider } from './revoke-api-key.decide';

export class RevokeApiKeyCommand extends decideCommand(revokeApiKeyDecider) {}
