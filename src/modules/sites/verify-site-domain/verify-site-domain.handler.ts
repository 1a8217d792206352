import type { CommandContext } from '../../../commands/command-context';
import { siteCommandHandler } from '../site-command-handler';
import { type VerifySiteDomain, verifySiteDomainDecider } from './verify-site-domain.decide';

export class VerifySiteDomainCommand {
  constructor(
    readonly input: VerifySiteDomain,
    readonly ctx: CommandContext,
  ) {}
}

export const VerifySiteDomainHandler = siteCommandHandler(VerifySiteDomainCommand, verifySiteDomainDecider);
