import { describe, expect, it } from 'vitest';
import { leadMergeValues } from './merge-values';

const sender = { firstName: 'Jane', lastName: 'Agent', email: 'agent@demo.test', cellPhone: '2065550100' };

describe("a lead's merge values", () => {
  it('the registered names while they make up the full name; the sender; the site; the listing', () => {
    expect(
      leadMergeValues({
        leadFullName: 'Mary Ann Smith',
        registered: { firstName: 'Mary Ann', lastName: 'Smith' },
        sender,
        siteName: 'Demo Realty',
        listing: { address: '12 Elm St, Seattle, WA', price: '$640,000' },
      }),
    ).toEqual({
      first_name: 'Mary Ann',
      last_name: 'Smith',
      full_name: 'Mary Ann Smith',
      agent_name: 'Jane Agent',
      agent_phone: '206-555-0100',
      agent_email: 'agent@demo.test',
      site_name: 'Demo Realty',
      listing_address: '12 Elm St, Seattle, WA',
      listing_price: '$640,000',
    });
  });

  it('a name the agent corrected splits into the first word and the rest; missing facts are empty, never "null"', () => {
    expect(
      leadMergeValues({ leadFullName: ' Nora  van Dyke ', registered: { firstName: 'Nora', lastName: 'Nguyen' }, sender: null, siteName: '', listing: null }),
    ).toEqual({
      first_name: 'Nora',
      last_name: 'van Dyke',
      full_name: 'Nora van Dyke',
      agent_name: '',
      agent_phone: '',
      agent_email: '',
      site_name: '',
      listing_address: '',
      listing_price: '',
    });
    expect(leadMergeValues({ leadFullName: '', registered: null, sender: { ...sender, cellPhone: null }, siteName: 'x', listing: null })).toMatchObject({
      first_name: '',
      last_name: '',
      agent_phone: '',
    });
  });
});
