import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLeadDelivery } from './index';
import { NO_CONTACT } from './portal-reading';
import { leadOf } from './spec-support';
import { UNKNOWN_DELIVERY } from './read-lead-delivery';

const json = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8')) as Record<string, unknown>;
const noKey = { googleKey: null };

describe('Google Ads lead form webhook', () => {
  const key = { googleKey: 'office-google-key-123' };

  it('reads the documented body: lead_id, FULL_NAME, EMAIL, PHONE_NUMBER, the address columns and the custom question', () => {
    const lead = leadOf(readLeadDelivery(json('google-ads-lead.json'), key));
    expect(lead.portal).toBe('Google Ads');
    expect(lead.source).toBe('Google Ads');
    expect(lead.externalId).toBe('TeSter-123-ABCDEFGHIJKLMNOPQRSTUVWXYZ-abcdefghijklmnopqrstuvwxyz-0123456789-AaBbCcDdEe');
    expect(lead.person).toEqual({
      fullName: 'Casey Example',
      firstName: 'Casey',
      lastName: 'Example',
      emails: ['casey.example@example.com'],
      phones: ['+16505550123'],
    });
    expect(lead.property).toEqual({ city: 'Mountain View', state: 'CA', zip: '94043' });
    expect(lead.message).toBe('Are you looking to buy or sell?: Buy');
    expect(lead.tags).toEqual(['Google Ads test lead']);
  });

  it('refuses a body whose google_key is not the office’s, and any body while the office has set no key', () => {
    expect(readLeadDelivery({ ...json('google-ads-lead.json'), google_key: 'guess' }, key)).toEqual({
      ok: false,
      reason: 'The google_key of this Google Ads lead does not match the key set for this office',
    });
    const r = readLeadDelivery(json('google-ads-lead.json'), noKey);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/^No Google Ads key is set for this office/);
  });

  it('follows the fixture: with the EMAIL column changed, the reading changes with it', () => {
    const body = json('google-ads-lead.json');
    body.user_column_data = (body.user_column_data as { column_id: string; string_value: string }[]).map((c) =>
      c.column_id === 'EMAIL' ? { ...c, string_value: 'changed@example.net' } : c,
    );
    expect(leadOf(readLeadDelivery(body, key)).person.emails).toEqual(['changed@example.net']);
  });
});

describe('Zillow deliveries', () => {
  it('reads the Zillow Rental Network lead (JSON): renter, listing address with unit, message and moving date', () => {
    const lead = leadOf(readLeadDelivery(json('zillow-rentals-delivery.json'), noKey));
    expect(lead.portal).toBe('Zillow');
    expect(lead.type).toBe('Renter');
    expect(lead.person).toEqual({ fullName: 'Rachel Lee', firstName: 'Rachel', lastName: 'Lee', emails: ['rachel@example.com'], phones: ['555-555-8378'] });
    expect(lead.property).toEqual({ street: '246 Tennessee Avenue C102', city: 'Sunnyvale', state: 'CA', zip: '94086' });
    expect(lead.message).toBe('Looking for spacious 3 bedroom apartment or house\nMoving date: 2016-09-26');
  });

  it('reads the same lead posted form-encoded, with the same id (a retry in either form is one lead)', () => {
    const form = new URLSearchParams(json('zillow-rentals-delivery.json') as Record<string, string>).toString();
    const fromForm = leadOf(readLeadDelivery(form, noKey));
    const fromJson = leadOf(readLeadDelivery(json('zillow-rentals-delivery.json'), noKey));
    expect(fromForm).toEqual(fromJson);
    expect(fromJson.externalId).toMatch(/^zillow:[0-9a-f]{32}$/);
    const other = leadOf(readLeadDelivery({ ...json('zillow-rentals-delivery.json'), listingId: 'p09999' }, noKey));
    expect(other.externalId).not.toBe(fromJson.externalId);
  });

  it('reads Zillow’s JSON contact notification: sender, details and the contact id', () => {
    const lead = leadOf(readLeadDelivery(json('zillow-contact-notification.json'), noKey));
    expect(lead.externalId).toBe('LC-EXAMPLE');
    expect(lead.person).toEqual({ firstName: 'Morgan', lastName: 'Buyer', emails: ['morgan.buyer@example.com'], phones: ['555-555-0147'] });
    expect(lead.property).toEqual({ city: 'Anytown', state: 'CA', zip: '12345', price: 400000 });
    expect(lead.type).toBe('Buyer');
  });
});

describe('Zillow Tech Connect (the lead-event API Zillow posts to)', () => {
  it('reads the event as a Zillow lead: person, property with MLS number, price and listing page, the Property Inquiry as a buyer', () => {
    const lead = leadOf(readLeadDelivery(json('zillow-tech-connect-event.json'), noKey));
    expect(lead).toEqual({
      portal: 'Zillow Tech Connect',
      source: 'Zillow',
      type: 'Buyer',
      person: { firstName: 'Riley', lastName: 'Example', emails: ['riley.example@example.com'], phones: ['(206) 555-0186'] },
      property: {
        street: '2114 Bigelow Ave N',
        city: 'Seattle',
        state: 'WA',
        zip: '98109',
        mlsNumber: '2301234',
        price: 1295000,
        url: 'https://www.zillow.com/homedetails/2114-Bigelow-Ave-N-Seattle-WA-98109/00000000_zpid/',
      },
      message: 'I am interested in 2114 Bigelow Ave N, Seattle, WA 98109. Could we tour it this week?',
      externalId: expect.stringMatching(/^zillow:[0-9a-f]{32}$/),
    });
  });

  it.each([
    ['Zillow Premier Agent', 'Zillow', 'Zillow'],
    ['Zillow Flex', 'Zillow Tech Connect', 'Zillow'],
    ['Trulia', 'Zillow', 'Trulia'],
    ['StreetEasy', 'Zillow', 'StreetEasy'],
    ['Tech Connect', 'Zillow', 'Zillow'],
  ])('source %j from system %j is the source %j the lead flow routes by', (source, system, expected) => {
    expect(leadOf(readLeadDelivery({ ...json('zillow-tech-connect-event.json'), source, system }, noKey)).source).toBe(expected);
  });

  it('names Zillow by its system alone too (a body with no source)', () => {
    const { source: _omitted, ...body } = json('zillow-tech-connect-event.json');
    expect(leadOf(readLeadDelivery(body, noKey))).toMatchObject({ portal: 'Zillow Tech Connect', source: 'Zillow' });
  });

  it.each([
    ['Seller Inquiry', {}, 'Seller'],
    ['Property Inquiry', { forRent: true }, 'Renter'],
    ['Inquiry', {}, 'Buyer'],
    ['Viewed Property', {}, 'Buyer'],
    ['Visited Open House', {}, 'Buyer'],
  ])('maps the event type %j (property %j) to %j', (type, extra, expected) => {
    const body = json('zillow-tech-connect-event.json');
    const lead = leadOf(readLeadDelivery({ ...body, type, property: { ...(body.property as object), ...extra } }, noKey));
    expect(lead.type).toBe(expected);
  });

  it('a General Inquiry is typed by the person’s own words, else keeps its name', () => {
    const { property: _none, ...event } = json('zillow-tech-connect-event.json');
    const body = { ...event, type: 'General Inquiry' };
    expect(leadOf(readLeadDelivery({ ...body, message: 'We want to sell our house this spring' }, noKey)).type).toBe('Seller');
    expect(leadOf(readLeadDelivery({ ...body, message: 'Please call me' }, noKey)).type).toBe('General Inquiry');
  });

  it('is one lead by Zillow’s id when it sends one, else by a digest that is the same on a retry and another for the next inquiry', () => {
    const body = json('zillow-tech-connect-event.json');
    expect(leadOf(readLeadDelivery({ ...body, id: 'zta-1' }, noKey)).externalId).toBe('zta-1');
    expect(leadOf(readLeadDelivery({ ...body, externalId: 'zx-9', id: 'zta-1' }, noKey)).externalId).toBe('zx-9');
    const first = leadOf(readLeadDelivery(body, noKey)).externalId;
    expect(leadOf(readLeadDelivery(JSON.stringify(body), noKey)).externalId).toBe(first);
    const other = { ...body, property: { ...(body.property as object), street: '9 Other St', mlsNumber: '2309999' }, message: 'And this one?' };
    expect(leadOf(readLeadDelivery(other, noKey)).externalId).not.toBe(first);
  });

  it('keeps a listing page only when it is a web address', () => {
    const body = json('zillow-tech-connect-event.json');
    const lead = leadOf(readLeadDelivery({ ...body, property: { ...(body.property as object), url: 'javascript:alert(1)' } }, noKey));
    expect(lead.property?.url).toBeUndefined();
  });

  it('a Tech Connect event with no way to reach the person is not a lead', () => {
    const body = { ...json('zillow-tech-connect-event.json'), person: { firstName: 'Riley', emails: [], phones: [] } };
    expect(readLeadDelivery(body, noKey)).toEqual({ ok: false, reason: NO_CONTACT });
  });
});

describe('Realtor.com deliveries', () => {
  it('reads the lead delivery body (Lead.lead_info.lead_consumer_info, Lead.lead_property_info), its id stable across retries', () => {
    const lead = leadOf(readLeadDelivery(json('realtor-com-delivery.json'), noKey));
    expect(lead.portal).toBe('Realtor.com');
    expect(lead.person).toEqual({ firstName: 'Taylor', lastName: 'Seeker', emails: ['taylor.seeker@example.com'], phones: ['(602) 555-0188'] });
    expect(lead.property).toEqual({ street: '43824 W Sagebrush Trl', city: 'Maricopa', state: 'AZ', zip: '85138', price: 415000 });
    expect(lead.externalId).toMatch(/^realtor-com:[0-9a-f]{32}$/);
    expect(leadOf(readLeadDelivery(json('realtor-com-delivery.json'), noKey)).externalId).toBe(lead.externalId);
  });

  it('reads the Connections Plus body: lead_id, role, contact, property with MLS id and price, message', () => {
    const lead = leadOf(readLeadDelivery(json('realtor-com-connections-lead.json'), noKey));
    expect(lead.externalId).toBe('rdc-7f3a9c21');
    expect(lead.type).toBe('Buyer');
    expect(lead.person).toEqual({ firstName: 'Sam', lastName: 'Porter', emails: ['sam.porter@example.com'], phones: ['+1 (512) 555-0134'] });
    expect(lead.property).toEqual({ street: '2905 Example Ave', city: 'Austin', state: 'TX', zip: '78705', mlsNumber: '7712345', price: 525000 });
    expect(lead.message).toBe('Is this home still available? I would like to see it this weekend.');
  });
});

describe('the generic lead-event body', () => {
  it('reads the events-API shape ({value} contacts, property code) with its source, type, tags and id', () => {
    const lead = leadOf(readLeadDelivery(json('lead-event.json'), noKey));
    expect(lead).toEqual({
      portal: 'Lead event',
      source: 'MyHomeSearch.com',
      type: 'Buyer',
      person: { firstName: 'Dana', lastName: 'Whitfield', emails: ['dana.whitfield@example.com'], phones: ['555-555-0199'] },
      property: { street: '6 Example Court', city: 'Raleigh', state: 'NC', zip: '27601', mlsNumber: '2345678', price: 389000 },
      message: 'I would like to see this home on Saturday.',
      tags: ['Open house'],
      externalId: 'mhs-000421',
    });
  });

  it('reads contract section 12’s own shape (plain strings), posted as a JSON string too', () => {
    const body = {
      source: 'Zapier',
      person: { fullName: 'Ana Cruz', emails: ['ana@example.com'], phones: ['+1 305 555 0100'] },
      property: { street: '1 Palm Ave', zip: '33139' },
      externalId: 'z-1',
    };
    const lead = leadOf(readLeadDelivery(JSON.stringify(body), noKey));
    expect(lead.source).toBe('Zapier');
    expect(lead.person).toEqual({ fullName: 'Ana Cruz', firstName: 'Ana', lastName: 'Cruz', emails: ['ana@example.com'], phones: ['+1 305 555 0100'] });
    expect(lead.property).toEqual({ street: '1 Palm Ave', zip: '33139' });
  });

  it('a lead event with no e-mail and no phone is not a lead, with the reason', () => {
    expect(readLeadDelivery({ source: 'Zapier', person: { fullName: 'No Contact', emails: [], phones: [] } }, noKey)).toEqual({
      ok: false,
      reason: NO_CONTACT,
    });
  });
});

describe('unknown shapes', () => {
  it.each([[{ hello: 'world' }], [{ data: { email: 'x@example.com' } }], [[1, 2, 3]], ['not json at all'], [null], [42]])(
    '%j is not read, with a reason',
    (body) => {
      const r = readLeadDelivery(body, noKey);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.reason).toMatch(/^(Unknown delivery shape|The delivery is not a JSON object)/);
    },
  );

  it('names the shapes it knows', () => {
    expect(readLeadDelivery({ hello: 'world' }, noKey)).toEqual({ ok: false, reason: UNKNOWN_DELIVERY });
  });
});
