import type { MergeValues } from '../../src/contract/merge-fields';

/** Every merge field filled (lead Nora Nguyen, her agent Jane at Demo Realty, one listing), for the merge-field and CRM e-mail specs. */
export const FILLED_MERGE_VALUES: MergeValues = {
  first_name: 'Nora',
  last_name: 'Nguyen',
  full_name: 'Nora Nguyen',
  agent_name: 'Jane Agent',
  agent_phone: '(206) 555-0100',
  agent_email: 'agent@demo.test',
  site_name: 'Demo Realty',
  listing_address: '12 Elm St, Seattle, WA',
  listing_price: '$640,000',
};
