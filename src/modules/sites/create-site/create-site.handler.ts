import type { CommandContext } from '../../../commands/command-context';
import { siteCommandHandler } from '../site-command-handler';
import { type CreateSite, createSiteDecider } from './create-site.decide';

export class CreateSiteCommand {
  constructor(
    readonly input: CreateSite,
    readonly ctx: CommandContext,
  ) {}
}

export const CreateSiteHandler = siteCommandHandler(CreateSiteCommand, createSiteDecider);
