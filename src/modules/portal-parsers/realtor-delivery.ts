import { isRecord, type LeadDraft, parsePrice, personDraft, statedType, str } from './lead-fields';

const at = (v: unknown, ...path: string[]): Record<string, unknown> | undefined => {
  let cur: unknown = v;
  for (const k of path) cur = isRecord(cur) ? cur[k] : undefined;
  return isRecord(cur) ? cur : undefined;
};

/** Realtor.com's lead delivery: `Lead.lead_info.lead_consumer_info` and `Lead.lead_property_info`. */
export const isRealtorLead = (v: Record<string, unknown>): boolean => !!at(v, 'Lead', 'lead_info', 'lead_consumer_info');

export function readRealtorLead(v: Record<string, unknown>): LeadDraft {
  const c = at(v, 'Lead', 'lead_info', 'lead_consumer_info')!;
  const info = at(v, 'Lead', 'lead_info') ?? {};
  const p = at(v, 'Lead', 'lead_property_info') ?? {};
  const d = personDraft({ firstName: c.first_name, lastName: c.last_name, email: c.email, phone: c.phone });
  d.street = str(p.property_street_address);
  d.city = str(p.property_city);
  d.state = str(p.property_state_code);
  d.zip = str(p.property_zip);
  d.mlsNumber = str(p.property_mls_id) ?? str(p.mls_id);
  d.price = parsePrice(p.property_price);
  d.message = str(info.lead_comments) ?? str(c.comments) ?? str(info.comments);
  d.type = statedType(info.lead_type) ?? statedType(info.lead_role);
  d.externalId = str(info.lead_id) ?? str(v.lead_id);
  return d;
}

/** Realtor.com Connections Plus delivery: `lead_id`, `role`, `contact`, `property`, `message`. */
export const isRealtorConnectionsLead = (v: Record<string, unknown>): boolean => typeof v.lead_id === 'string' && isRecord(v.contact);

export function readRealtorConnectionsLead(v: Record<string, unknown>): LeadDraft {
  const c = v.contact as Record<string, unknown>;
  const p = isRecord(v.property) ? v.property : {};
  const d = personDraft({ firstName: c.first_name, lastName: c.last_name, email: c.email, phone: c.phone });
  d.street = str(p.address);
  d.city = str(p.city);
  d.state = str(p.state);
  d.zip = str(p.zip_code);
  d.mlsNumber = str(p.mls_id);
  d.price = parsePrice(p.list_price);
  d.message = str(v.message);
  d.type = statedType(v.role);
  d.externalId = str(v.lead_id);
  return d;
}
