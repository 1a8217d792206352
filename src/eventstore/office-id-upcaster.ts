// rename-office: keep (this file names the key stored events were written with, on purpose)

/**
 * The office id was written `brokerId` in these events' data before code called it `officeId`.
 * Stored events keep the shape they were written in, so every read of the log (both adapters'
 * read path, before anything else sees an event) gives them the current field name; an event that
 * already says `officeId` is left as it is. SQL that reads event JSON itself reads both keys.
 */
export const OFFICE_ID_WAS_BROKER_ID: ReadonlySet<string> = new Set([
  'UserRegistered',
  'LeadAssigned',
  'LeadReassigned',
  'LeadPutInPond',
  'LeadClaimed',
  'LeadImportStarted',
  'AgentDeactivated',
  'AgentActivated',
  'ListingAgentLinked',
  'OfficeSettingsChanged',
  'RoutingRulesChanged',
]);

/** An event's data as code reads it today. */
export function upcastData(type: string, data: unknown): unknown {
  if (!OFFICE_ID_WAS_BROKER_ID.has(type) || data === null || typeof data !== 'object' || !('brokerId' in data)) return data;
  const { brokerId, ...rest } = data as Record<string, unknown>;
  return 'officeId' in rest ? rest : { ...rest, officeId: brokerId };
}
