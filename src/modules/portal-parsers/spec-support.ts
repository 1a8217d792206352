import type { IntakeInput } from '../../contract/lead-intake';
import type { PortalReading } from './portal-reading';

/** The lead a reading holds, for a spec to assert on; a refusal fails the spec with its reason. */
export function leadOf(r: PortalReading): IntakeInput & { portal: string } {
  if (!r.ok) throw new Error(`expected a lead, got: ${r.reason}`);
  return { ...r.lead, portal: r.portal };
}
