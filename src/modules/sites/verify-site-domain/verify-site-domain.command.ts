import type { CommandContext } from '../../../commands/command-context';
import { decideCommand } from '../../../commands/decide-command';
import { siteStream } from '../site';
import { type VerifySiteDomain, verifySiteDomainDecider } from './verify-site-domain.decide';

/** Decided on the site's own stream. */
export class VerifySiteDomainCommand extends decideCommand(verifySiteDomainDecider) {
  constructor(input: VerifySiteDomain, ctx: CommandContext) {
    super(siteStream(input.siteId), input, ctx);
  }
}
