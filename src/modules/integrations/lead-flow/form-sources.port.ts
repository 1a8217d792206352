/**
 * The sources an office's connected ad accounts can send leads under before any lead came (each
 * Facebook lead form of its pages): the lead-flow screen offers a rule for each. Provided by the
 * Facebook leads module; without it, none.
 */
export abstract class LeadFlowFormSources {
  abstract of(officeId: string): Promise<readonly string[]>;
}
