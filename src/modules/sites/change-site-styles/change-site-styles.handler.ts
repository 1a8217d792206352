import type { CommandContext } from '../../../commands/command-context';
import { siteCommandHandler } from '../site-command-handler';
import { type ChangeSiteStyles, changeSiteStylesDecider } from './change-site-styles.decide';

export class ChangeSiteStylesCommand {
  constructor(
    readonly input: ChangeSiteStyles,
    readonly ctx: CommandContext,
  ) {}
}

export const ChangeSiteStylesHandler = siteCommandHandler(ChangeSiteStylesCommand, changeSiteStylesDecider);
