import { decideCommand } from '../../../commands/decide-command';
import { answerShowingDecider } from './answer-showing.decide';

export class AnswerShowingCommand extends decideCommand(answerShowingDecider) {}
