import type { CommandContext } from '../../../commands/command-context';
import { siteCommandHandler } from '../site-command-handler';
import { type ChangeSiteSettings, changeSiteSettingsDecider } from './change-site-settings.decide';

export class ChangeSiteSettingsCommand {
  constructor(
    readonly input: ChangeSiteSettings,
    readonly ctx: CommandContext,
  ) {}
}

export const ChangeSiteSettingsHandler = siteCommandHandler(ChangeSiteSettingsCommand, changeSiteSettingsDecider);
