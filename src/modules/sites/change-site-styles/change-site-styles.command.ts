import type { CommandContext } from '../../../commands/command-context';
import { decideCommand } from '../../../commands/decide-command';
import { siteStream } from '../site';
import { type ChangeSiteStyles, changeSiteStylesDecider } from './change-site-styles.decide';

/** Decided on the site's own stream. */
export class ChangeSiteStylesCommand extends decideCommand(changeSiteStylesDecider) {
  constructor(input: ChangeSiteStyles, ctx: CommandContext) {
    super(siteStream(input.siteId), input, ctx);
  }
}
