import type { CommandContext } from '../../../commands/command-context';
import { decideCommand } from '../../../commands/decide-command';
import { siteStream } from '../site';
import { type CreateSite, createSiteDecider } from './create-site.decide';

/** Decided on the site's own stream. */
export class CreateSiteCommand extends decideCommand(createSiteDecider) {
  constructor(input: CreateSite, ctx: CommandContext) {
    super(siteStream(input.siteId), input, ctx);
  }
}
