/**
 * An office's lead flow, on the stream `leadflow-{officeId}`: for each source a
 * lead can come from (the site, an API source name, a portal, a Facebook form), who gets its new
 * leads and which action plan starts; the default rule for every other source; the office's
 * intake tokens (its intake URL and intake address) and the Google Ads key its lead forms send.
 */

/** Who gets a source's new leads: an agent (their user id), the rotation, the office pond, or the office's routing rules. */
export const ASSIGN_TO_ROUTING_RULES = 'routing-rules';
export const ASSIGN_TO_ROUND_ROBIN = 'round-robin';
export const ASSIGN_TO_POND = 'pond';

export type LeadFlowTarget = { readonly assignTo: string; readonly actionPlanId: string | null };
export type LeadFlowRule = LeadFlowTarget & { readonly source: string };
export type IntakeChannel = 'url' | 'email';

/**
 * The broker's rules, whole: each source once (compared without case), and the default rule.
 * Stream `leadflow-{officeId}`.
 */
export type LeadFlowChanged = {
  readonly type: 'LeadFlowChanged';
  readonly data: { readonly officeId: string; readonly rules: readonly LeadFlowRule[]; readonly defaultRule: LeadFlowTarget; readonly byUserId: string };
};

/**
 * A new intake token for the office's URL or address (generation 1 first): the one before it is
 * refused from now on. The token itself is derived from the server's secret and the generation,
 * never stored; `tokenHash` (its SHA-256) names the stream `intaketoken-{tokenHash}` that finds
 * the office from a delivery. Stream `leadflow-{officeId}`.
 */
export type IntakeTokenIssued = {
  readonly type: 'IntakeTokenIssued';
  readonly data: {
    readonly officeId: string;
    readonly channel: IntakeChannel;
    readonly generation: number;
    readonly tokenHash: string;
    readonly byUserId: string;
  };
};

/** The `google_key` the office's Google Ads lead forms send (null: none set, Google deliveries are refused). Stream `leadflow-{officeId}`. */
export type IntakeGoogleKeySet = {
  readonly type: 'IntakeGoogleKeySet';
  readonly data: { readonly officeId: string; readonly googleKey: string | null; readonly byUserId: string };
};

/** The office a token belongs to, on `intaketoken-{tokenHash}` beside the IntakeTokenIssued (one atomic append). */
export type IntakeTokenBound = {
  readonly type: 'IntakeTokenBound';
  readonly data: { readonly officeId: string; readonly channel: IntakeChannel; readonly generation: number };
};

export type LeadFlowEvent = LeadFlowChanged | IntakeTokenIssued | IntakeGoogleKeySet;
export type IntakeTokenEvent = IntakeTokenBound;
export const leadFlowEventTypes = ['LeadFlowChanged', 'IntakeTokenIssued', 'IntakeGoogleKeySet'] as const satisfies readonly LeadFlowEvent['type'][];

export const leadFlowStream = (officeId: string) => `leadflow-${officeId}`;
export const intakeTokenStream = (tokenHash: string) => `intaketoken-${tokenHash}`;

export type LeadFlow = {
  readonly rules: readonly LeadFlowRule[];
  readonly defaultRule: LeadFlowTarget;
  /** The token generation in force per channel (0: none issued yet). */
  readonly generations: Readonly<Record<IntakeChannel, number>>;
  readonly googleKey: string | null;
};

/** An office that never chose: every source by the office's routing rules, no plan, no token yet. */
export const initialLeadFlow = (): LeadFlow => ({
  rules: [],
  defaultRule: { assignTo: ASSIGN_TO_ROUTING_RULES, actionPlanId: null },
  generations: { url: 0, email: 0 },
  googleKey: null,
});

export function evolveLeadFlow(s: LeadFlow, e: LeadFlowEvent): LeadFlow {
  switch (e.type) {
    case 'LeadFlowChanged':
      return { ...s, rules: e.data.rules, defaultRule: e.data.defaultRule };
    case 'IntakeTokenIssued':
      return { ...s, generations: { ...s.generations, [e.data.channel]: e.data.generation } };
    case 'IntakeGoogleKeySet':
      return { ...s, googleKey: e.data.googleKey };
    default:
      return s;
  }
}

const sameSource = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The lead flow's word on a new lead of this source: the source's own rule, else the default.
 * The router and the routing simulation both ask this one function.
 */
export function leadFlowTargetFor(flow: LeadFlow, source: string): LeadFlowTarget {
  const rule = flow.rules.find((r) => sameSource(r.source, source));
  return rule ? { assignTo: rule.assignTo, actionPlanId: rule.actionPlanId } : flow.defaultRule;
}
