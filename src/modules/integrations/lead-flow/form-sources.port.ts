import type { CommandContext } from '../../../commands/command-context';

/**
 * The sources an office's connected ad accounts can send leads under before any lead came (each
 * Facebook lead form of its pages): the lead-flow screen offers a rule for each. Provided by the
 * Facebook leads module; without it, none.
 */
export abstract class LeadFlowFormSources {
  /** The sources as last listed: a read of our own store only, never a call to the ad network. */
  abstract of(officeId: string): Promise<readonly string[]>;
  /** Lists the forms from the ad network again and keeps them; refuses with the network's words when it cannot. */
  abstract refresh(officeId: string, ctx: CommandContext): Promise<void>;
}
