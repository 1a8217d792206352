import { readEventFields } from './lead-event-delivery';
import { digestId, isRecord, type LeadDraft, str } from './lead-fields';

/** The Zillow Group brands a Tech Connect event may name as its source; any other is Zillow. */
const BRANDS = ['Trulia', 'StreetEasy'] as const;

const namesZillow = (v: unknown): boolean => typeof v === 'string' && /zillow|tech\s*connect/i.test(v);

/**
 * Zillow Premier Agent's Tech Connect: Zillow posts each lead to the CRM's lead-event API, the
 * events body other CRMs take (`source, system, type, message, person, property`), naming Zillow
 * in `system` or `source` ("Zillow", "Zillow Premier Agent", "Zillow Flex", "Zillow Tech Connect").
 */
export const isZillowTechConnect = (v: Record<string, unknown>): boolean => isRecord(v.person) && (namesZillow(v.system) || namesZillow(v.source));

/** The source a broker's lead flow knows the lead by: the brand, never the program or the pipe. */
export function zillowSourceOf(v: Record<string, unknown>): string {
  const source = str(v.source) ?? '';
  return BRANDS.find((b) => source.toLowerCase().includes(b.toLowerCase())) ?? 'Zillow';
}

/**
 * The lead once: Zillow's id when the event carries one (`externalId`, `id`); else the person
 * (Zillow's contact id, or their first e-mail or phone) and what they asked, so a retried post
 * is one lead and their next inquiry another entry on it.
 */
export function readZillowTechConnect(v: Record<string, unknown>): LeadDraft {
  const d = readEventFields(v);
  const p = v.person as Record<string, unknown>;
  const contact = str(p.id) ?? d.emails[0] ?? d.phones[0];
  d.externalId =
    str(v.externalId) ?? str(v.id) ?? digestId('Zillow', [contact, str(v.type), d.street, d.zip, d.mlsNumber, str(v.message) ?? str(v.description)]);
  return d;
}
