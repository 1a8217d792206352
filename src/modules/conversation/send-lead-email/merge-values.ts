import type { MergeValues } from '../../../contract/merge-fields';
import { formatPhone } from '../../accounts';

export type MergeFacts = {
  /** The lead's name as the CRM has it now (an agent may have corrected it). */
  readonly leadFullName: string;
  /** The names the lead registered with; used while they still make up that full name. */
  readonly registered: { readonly firstName: string; readonly lastName: string } | null;
  /** Who sends: the signed-in agent, broker or staff member. */
  readonly sender: { readonly firstName: string; readonly lastName: string; readonly email: string; readonly cellPhone: string | null } | null;
  readonly siteName: string;
  readonly listing: { readonly address: string; readonly price: string } | null;
};

/**
 * This lead's merge values. First and last name come from registration while they still make
 * up the CRM's full name; once an agent changed the name, from the new name (first word, rest).
 */
export function leadMergeValues(f: MergeFacts): MergeValues {
  const full = f.leadFullName.replace(/\s+/g, ' ').trim();
  const reg = f.registered;
  const regFull = reg ? `${reg.firstName} ${reg.lastName}`.replace(/\s+/g, ' ').trim() : '';
  const [first = '', ...rest] = full.split(' ');
  const names = reg && regFull === full ? { first: reg.firstName.trim(), last: reg.lastName.trim() } : { first, last: rest.join(' ') };
  return {
    first_name: names.first,
    last_name: names.last,
    full_name: full,
    agent_name: f.sender ? `${f.sender.firstName} ${f.sender.lastName}`.trim() : '',
    agent_phone: formatPhone(f.sender?.cellPhone),
    agent_email: f.sender?.email ?? '',
    site_name: f.siteName,
    listing_address: f.listing?.address ?? '',
    listing_price: f.listing?.price ?? '',
  };
}
