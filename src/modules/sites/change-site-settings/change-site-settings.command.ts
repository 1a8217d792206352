import type { CommandContext } from '../../../commands/command-context';
import { decideCommand } from '../../../commands/decide-command';
import { siteStream } from '../site';
import { type ChangeSiteSettings, changeSiteSettingsDecider } from './change-site-settings.decide';

/** Decided on the site's own stream. */
export class ChangeSiteSettingsCommand extends decideCommand(changeSiteSettingsDecider) {
  constructor(input: ChangeSiteSettings, ctx: CommandContext) {
    super(siteStream(input.siteId), input, ctx);
  }
}
