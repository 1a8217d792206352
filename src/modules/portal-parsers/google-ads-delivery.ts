import { timingSafeEqual } from 'node:crypto';
import { emailIn, emptyDraft, isRecord, type LeadDraft, phoneIn, splitName, str } from './lead-fields';
import { notRead, type PortalReading, readingOf } from './portal-reading';

export const GOOGLE_ADS = 'Google Ads';

/** Google Ads lead form webhooks: `lead_id`, `google_key` and the answers in `user_column_data`. */
export const isGoogleAdsLead = (v: Record<string, unknown>): boolean => 'google_key' in v || Array.isArray(v.user_column_data);

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Reads a Google Ads lead (developers.google.com/google-ads/webhook/docs/implementation). The key
 * the broker typed into the form's webhook settings comes back in each delivery and is the only
 * proof it is Google's.
 */
export function readGoogleAdsLead(v: Record<string, unknown>, googleKey: string | null): PortalReading {
  if (!googleKey) return notRead('No Google Ads key is set for this office: set one on the lead-flow screen, then put the same key in the lead form’s webhook');
  const key = str(v.google_key);
  if (!key || !sameKey(key, googleKey)) return notRead('The google_key of this Google Ads lead does not match the key set for this office');
  const d: LeadDraft = emptyDraft();
  const extra: string[] = [];
  for (const c of Array.isArray(v.user_column_data) ? v.user_column_data : []) {
    if (!isRecord(c)) continue;
    const value = str(c.string_value);
    if (!value) continue;
    switch (str(c.column_id)) {
      case 'FULL_NAME':
        d.fullName = value;
        break;
      case 'FIRST_NAME':
        d.firstName = value;
        break;
      case 'LAST_NAME':
        d.lastName = value;
        break;
      case 'EMAIL':
      case 'WORK_EMAIL': {
        const e = emailIn(value);
        if (e) d.emails.push(e);
        break;
      }
      case 'PHONE_NUMBER':
      case 'WORK_PHONE': {
        const p = phoneIn(value);
        if (p) d.phones.push(p);
        break;
      }
      case 'STREET_ADDRESS':
        d.street = value;
        break;
      case 'CITY':
        d.city = value;
        break;
      case 'REGION':
        d.state = value;
        break;
      case 'POSTAL_CODE':
        d.zip = value;
        break;
      default:
        extra.push(`${str(c.column_name) ?? str(c.column_id) ?? 'Answer'}: ${value}`);
    }
  }
  if (d.fullName && !d.firstName && !d.lastName) Object.assign(d, splitName(d.fullName));
  if (extra.length) d.message = extra.join('\n');
  d.externalId = str(v.lead_id);
  if (v.is_test === true) d.tags = ['Google Ads test lead'];
  return readingOf(GOOGLE_ADS, GOOGLE_ADS, d);
}
