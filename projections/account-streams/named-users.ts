/**
 * The data keys through which an event says it is about an account: `userId` (its own streams,
 * claims, leads, lead activity, back-office record, web push), `ownerUserId` (sites it owns),
 * `agentId`/`assignedAgentId` (leads routed to it, its office roster and profile), and
 * `fromUserId`/`toUserId` (chat). Who merely acted (`byUserId`, metadata.actorId) does not count:
 * that is the actor column of the history, not what the history is about.
 */
export const NAMING_KEYS = ['userId', 'ownerUserId', 'agentId', 'assignedAgentId', 'fromUserId', 'toUserId'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const field = (data: unknown, key: string): string | null => {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : null;
};

/** The accounts an event's data names, lower-cased, without repeats. */
export function namedUserIds(data: unknown): string[] {
  return [...new Set(NAMING_KEYS.map((k) => field(data, k)).filter((x): x is string => x !== null))];
}

/** The lead an event names (its person is found through the lead's LeadCaptured). */
export const namedLeadId = (data: unknown): string | null => field(data, 'leadId');
