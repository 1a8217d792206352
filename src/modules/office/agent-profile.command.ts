import { decideCommand } from '../../commands/decide-command';
import { agentProfileDecider } from './agent-profile';

export class AgentProfileCommand extends decideCommand(agentProfileDecider) {}
