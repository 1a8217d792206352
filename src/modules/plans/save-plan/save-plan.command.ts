import { decideCommand } from '../../../commands/decide-command';
import { planDecider } from './save-plan.decide';

export class SavePlanCommand extends decideCommand(planDecider) {}
