import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type InboundPortalMail, readPortalEmail } from './index';
import { NO_CONTACT } from './portal-reading';
import { leadOf } from './spec-support';
import { NOT_A_PORTAL, UNVERIFIED } from './read-portal-email';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

const mail = (over: Partial<InboundPortalMail>): InboundPortalMail => ({
  from: 'leads@email.realtor.com',
  to: 'office-7f3a@leads.example.test',
  subject: '',
  text: '',
  html: null,
  spf: 'Pass',
  dkim: 'Pass',
  headers: { Date: 'Fri, 17 Apr 2020 19:52:00 -0700' },
  ...over,
});

const realtorHtml = (over: Partial<InboundPortalMail> = {}) =>
  mail({ subject: 'New realtor.com lead', html: fixture('realtor-com-courtesy-lead.html'), ...over });
const realtorText = (over: Partial<InboundPortalMail> = {}) =>
  mail({ subject: 'New realtor.com lead - Rebecca Sample', text: fixture('realtor-com-lead.txt'), ...over });
const zillowRental = (over: Partial<InboundPortalMail> = {}) =>
  mail({
    from: 'Avery Lucas <z375qg5hx415i1ww2mrejcxm3n@convo.zillow.com>',
    subject: 'Avery Lucas is requesting information about 1919 W Diamond St #2, Philadelphia, PA, 19121',
    html: fixture('zillow-rental-inquiry.html'),
    ...over,
  });

describe('Realtor.com lead notifications', () => {
  it('reads the HTML "Courtesy Lead" mail: name, call and mail buttons, the quoted words, MLS ID, address, price, and the seller type they state', () => {
    const lead = leadOf(readPortalEmail(realtorHtml()));
    expect(lead.portal).toBe('Realtor.com');
    expect(lead.source).toBe('Realtor.com');
    expect(lead.person).toEqual({ fullName: 'Jordan', firstName: 'Jordan', emails: ['jordan.lee@example.com'], phones: ['5205550143'] });
    expect(lead.property).toEqual({ street: '43824 W Sagebrush Trl', city: 'Maricopa', state: 'AZ', zip: '85138', mlsNumber: '6066367', price: 1250 });
    expect(lead.message).toBe("I'm interested to sell 43824 W Sagebrush Trl");
    expect(lead.type).toBe('Seller');
  });

  it('never takes the portal’s own addresses, the listing agent’s phone or the footer’s MLS agent id for the person’s', () => {
    const lead = leadOf(readPortalEmail(realtorHtml()));
    expect(lead.person.emails).not.toContain('leads@email.realtor.com');
    expect(lead.person.phones).not.toContain('(623) 555-0100');
    expect(lead.property?.mlsNumber).not.toBe('JB754');
  });

  it('reads the plain-text mail: first and last name, e-mail, phone, the comment, the two-line property address and MLSID', () => {
    const lead = leadOf(readPortalEmail(realtorText()));
    expect(lead.person).toEqual({
      fullName: 'Rebecca Sample',
      firstName: 'Rebecca',
      lastName: 'Sample',
      emails: ['rebecca.sample@example.com'],
      phones: ['517-555-0129'],
    });
    expect(lead.property).toEqual({ street: '15 Pinewood Dr', city: 'Grass Lake', state: 'MI', zip: '49240', mlsNumber: '26003866' });
    expect(lead.message).toBe('I would like to request a private tour of 15 Pinewood Dr, Grass Lake, MI 49240.');
  });

  it.each([
    [
      'You can contact your new client at the following number:\nName: Rocio Cuba\nPhone: 7865550127\nEmail: rocio.c@example.com\nProperty: 1000 NE 14th Ave Apt 411, Hallandale Beach, FL 33009',
      'Pending Applicant',
    ],
    ['Name: Johny Tobon\nPhone: 3055550145\nEmail: johny.t@example.com', 'New realtor.com lead - Johny Tobon'],
  ])('reads the short "Name: / Phone: / Email:" forms (%#)', (text, subject) => {
    const lead = leadOf(readPortalEmail(mail({ subject, text })));
    expect(lead.person.emails).toHaveLength(1);
    expect(lead.person.phones).toHaveLength(1);
    expect(lead.person.fullName).toMatch(/^(Rocio Cuba|Johny Tobon)$/);
  });

  it('follows the fixture: with its e-mail and phone changed, the reading changes with them', () => {
    const mutated = fixture('realtor-com-lead.txt').replace('rebecca.sample@example.com', 'becky.s@example.org').replace('517-555-0129', '(734) 555-0177');
    const lead = leadOf(readPortalEmail(realtorText({ text: mutated })));
    expect(lead.person.emails).toEqual(['becky.s@example.org']);
    expect(lead.person.phones).toEqual(['(734) 555-0177']);
  });
});

describe('Zillow group notifications', () => {
  it('reads a Zillow rental inquiry (HTML): name and property from the subject, the words after "says:", the relay address that reaches the renter', () => {
    const lead = leadOf(readPortalEmail(zillowRental()));
    expect(lead.portal).toBe('Zillow');
    expect(lead.person).toEqual({
      fullName: 'Avery Lucas',
      firstName: 'Avery',
      lastName: 'Lucas',
      emails: ['z375qg5hx415i1ww2mrejcxm3n@convo.zillow.com'],
      phones: [],
    });
    expect(lead.property).toEqual({ street: '1919 W Diamond St #2', city: 'Philadelphia', state: 'PA', zip: '19121' });
    expect(lead.message).toBe(
      [
        'I would like to schedule a tour',
        'Move in: Oct 01, 2025',
        'Lease length: 18 months',
        'Number of occupants: 2',
        'Number of bedrooms: 3',
        'Pets: No',
        'Credit score: 620 to 659',
        'Income: $83976',
      ].join('\n'),
    );
    expect(lead.type).toBe('Renter');
  });

  it('reads the "New message" form: the address before the name, the message after "says:"', () => {
    const lead = leadOf(
      readPortalEmail(
        mail({ from: 'Jenna Sample <3sde1e8zrrpkri1h6w78p0vnurd@convo.zillow.com>', subject: 'New message', text: fixture('zillow-rental-message.txt') }),
      ),
    );
    expect(lead.person).toMatchObject({ fullName: 'Jenna Sample', emails: ['3sde1e8zrrpkri1h6w78p0vnurd@convo.zillow.com'] });
    expect(lead.property).toEqual({ street: '2010 Walnut St #B02', city: 'Philadelphia', state: 'PA', zip: '19103' });
    expect(lead.message).toBe('I would like to schedule a tour');
  });

  it('takes the property from the "Property:" line (unit after the zip) when the subject has none', () => {
    const lead = leadOf(readPortalEmail(zillowRental({ subject: 'New message' })));
    expect(lead.property).toEqual({ street: '1919 W Diamond St Unit 2', city: 'Philadelphia', state: 'PA', zip: '19121' });
    expect(lead.person.fullName).toBe('Avery Lucas');
  });

  it('reads an unlabelled card layout: the name in the subject, the bare phone and e-mail lines, the quoted words, the address and the price under it', () => {
    const html =
      '<table><tr><td>You have a new contact!</td></tr><tr><td>Dana Reyes</td></tr><tr><td><a href="tel:2065550188">(206) 555-0188</a></td></tr>' +
      '<tr><td><a href="mailto:dana.r@example.com">dana.r@example.com</a></td></tr><tr><td>&ldquo;Is the Saturday open house still on?&rdquo;</td></tr>' +
      '<tr><td>4120 Fremont Ave N, Seattle, WA 98103</td></tr><tr><td>$749,000 | 3 bd | 2 ba</td></tr><tr><td>Zillow, Inc. | 1301 Second Avenue, Floor 31 | Seattle, WA 98101</td></tr></table>';
    const lead = leadOf(readPortalEmail(mail({ from: 'Zillow <noreply@zillow.com>', subject: 'New Zillow lead - Dana Reyes', html })));
    expect(lead.person).toEqual({ fullName: 'Dana Reyes', firstName: 'Dana', lastName: 'Reyes', emails: ['dana.r@example.com'], phones: ['(206) 555-0188'] });
    expect(lead.property).toEqual({ street: '4120 Fremont Ave N', city: 'Seattle', state: 'WA', zip: '98103', price: 749000 });
    expect(lead.message).toBe('Is the Saturday open house still on?');
  });

  it('a subject naming the portal is not a name', () => {
    const text = 'Phone: 206-555-0188';
    expect(leadOf(readPortalEmail(mail({ from: 'noreply@zillow.com', subject: 'New lead from Zillow', text }))).person.fullName).toBeUndefined();
  });

  it('names Trulia as the portal for Trulia’s mail in the same format', () => {
    const lead = leadOf(readPortalEmail(zillowRental({ from: 'Avery Lucas <k2j4h5@convo.trulia.com>' })));
    expect(lead.portal).toBe('Trulia');
    expect(lead.source).toBe('Trulia');
    expect(lead.person.emails).toEqual(['k2j4h5@convo.trulia.com']);
  });

  it('a notification from noreply@zillow.com with no way to reach the person is not a lead, with the reason', () => {
    expect(readPortalEmail(zillowRental({ from: 'Zillow <noreply@zillow.com>' }))).toEqual({ ok: false, reason: NO_CONTACT });
  });
});

describe('the sender check (Mailgun’s SPF and DKIM verdicts and the portal sender list)', () => {
  it('a mail with a portal’s From that fails both SPF and DKIM is refused, naming the portal', () => {
    const r = readPortalEmail(realtorHtml({ spf: 'Fail', dkim: 'Fail' }));
    expect(r).toEqual({
      ok: false,
      reason: 'The message claims to come from Realtor.com (email.realtor.com) but neither SPF nor DKIM verifies it as Realtor.com’s',
    });
    expect(readPortalEmail(zillowRental({ spf: 'SoftFail', dkim: null })).ok).toBe(false);
  });

  it('one passing verdict is enough (forwarding breaks SPF and keeps DKIM)', () => {
    expect(readPortalEmail(realtorHtml({ spf: 'Fail', dkim: 'Pass' })).ok).toBe(true);
    expect(readPortalEmail(realtorHtml({ spf: 'pass', dkim: null })).ok).toBe(true);
  });

  it('a passing verdict counts only when the signature or the envelope sender is the portal’s own domain', () => {
    const signedBy = (d: string) => ({ 'DKIM-Signature': `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${d}; s=s1; h=from:to:subject; bh=abc=; b=def=` });
    const foreign = readPortalEmail(realtorHtml({ spf: 'Fail', dkim: 'Pass', headers: signedBy('bulk-sender.example') }));
    expect(foreign.ok).toBe(false);
    expect(!foreign.ok && foreign.reason).toBe(
      'The message claims to come from Realtor.com (email.realtor.com) but neither SPF nor DKIM verifies it as Realtor.com’s',
    );
    expect(readPortalEmail(realtorHtml({ spf: 'Fail', dkim: 'Pass', headers: signedBy('email.realtor.com') })).ok).toBe(true);
    expect(readPortalEmail(realtorHtml({ spf: 'Pass', dkim: 'Fail', headers: { 'Return-Path': '<bounce@mailer.other.example>' } })).ok).toBe(false);
    expect(readPortalEmail(realtorHtml({ spf: 'Pass', dkim: 'Fail', headers: { 'return-path': '<bounces+123@move.com>' } })).ok).toBe(true);
  });

  it('a look-alike domain is not the portal', () => {
    const r = readPortalEmail(realtorHtml({ from: 'leads@realtor.com.example.net' }));
    expect(r).toEqual({ ok: false, reason: NOT_A_PORTAL });
  });

  it('structured lead data from an unknown sender that fails both checks is refused', () => {
    expect(readPortalEmail(mail({ from: 'leads@agentsite.example', html: fixture('lead-metadata-email.html'), spf: 'Fail', dkim: 'Fail' }))).toEqual({
      ok: false,
      reason: UNVERIFIED,
    });
  });
});

describe('the generic reader (mail from other lead sources)', () => {
  it('reads the lead metadata meta tags (leadmetadata.org) with the source they name', () => {
    const lead = leadOf(
      readPortalEmail(mail({ from: 'Agent Site <leads@agentsite.example>', subject: 'New lead', html: fixture('lead-metadata-email.html') })),
    );
    expect(lead.source).toBe('Realtor.com');
    expect(lead.type).toBe('Buyer');
    expect(lead.person).toEqual({ fullName: 'John Smith', firstName: 'John', lastName: 'Smith', emails: ['jsmith@example.com'], phones: ['703-555-1212'] });
    expect(lead.property).toEqual({ street: '123 Main Street', city: 'Alexandria', state: 'VA', zip: '22314', mlsNumber: 'A5712345' });
    expect(lead.message).toBe('Hello, I am interested in 123 Main Street. Is it still available?\nMax price: 500000');
  });

  it.each([
    ['Name: Lee Park\nEmail: lee.park@example.com\nPhone: (919) 555-0110\nProperty: 88 Oak Ln, Cary, NC 27511\nMessage: Can I see it Sunday?', 'Lee Park'],
    [
      'Full Name: Lee Park\nE-mail Address: lee.park@example.com\nCell Phone: 919.555.0110\nProperty Address: 88 Oak Ln, Cary, NC 27511\nComments: Can I see it Sunday?',
      'Lee Park',
    ],
    [
      'Contact Name - ignored\nFirst Name: Lee\nLast Name: Park\nEmail address:\nlee.park@example.com\nTelephone: +1 919 555 0110\nAddress: 88 Oak Ln, Cary, NC 27511\nQuestions:\nCan I see it Sunday?',
      undefined,
    ],
  ])('reads labelled fields in several wordings (%#)', (text, fullName) => {
    const lead = leadOf(readPortalEmail(mail({ from: 'inquiries@brokerage-idx.example', subject: 'Website inquiry', text })));
    expect(lead.source).toBe('brokerage-idx.example');
    expect(lead.person).toMatchObject({ firstName: 'Lee', lastName: 'Park', emails: ['lee.park@example.com'] });
    expect(lead.person.fullName).toBe(fullName);
    expect(lead.person.phones).toHaveLength(1);
    expect(lead.property).toEqual({ street: '88 Oak Ln', city: 'Cary', state: 'NC', zip: '27511' });
    expect(lead.message).toBe('Can I see it Sunday?');
  });

  it('reads a schema.org Person in JSON-LD', () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Robin Hale',
      email: 'mailto:robin.hale@example.com',
      telephone: '+1-415-555-0190',
      address: { '@type': 'PostalAddress', streetAddress: '9 Bay St', addressLocality: 'San Francisco', addressRegion: 'CA', postalCode: '94133' },
    })}</script></head><body>New inquiry</body></html>`;
    const lead = leadOf(readPortalEmail(mail({ from: 'forms@site.example', html })));
    expect(lead.person).toEqual({
      fullName: 'Robin Hale',
      firstName: 'Robin',
      lastName: 'Hale',
      emails: ['robin.hale@example.com'],
      phones: ['+1-415-555-0190'],
    });
    expect(lead.property).toEqual({ street: '9 Bay St', city: 'San Francisco', state: 'CA', zip: '94133' });
  });

  it('reads a lead-event body written into the mail as JSON, with its source and id', () => {
    const lead = leadOf(readPortalEmail(mail({ from: 'zap@hooks.example', text: `Lead event:\n${fixture('lead-event.json')}` })));
    expect(lead.source).toBe('MyHomeSearch.com');
    expect(lead.externalId).toBe('mhs-000421');
    expect(lead.person.emails).toEqual(['dana.whitfield@example.com']);
  });

  it('reads a Homes.com notification (labelled fields) under the Homes.com name', () => {
    const text =
      'You have a new lead from Homes.com\nName: Quinn Rivera\nEmail: quinn.rivera@example.com\nPhone: 404-555-0161\nListing Address: 12 Elm St, Decatur, GA 30030\nPrice: $329,900\nComments: Is there an HOA?';
    const lead = leadOf(readPortalEmail(mail({ from: 'Homes.com <leads@homes.com>', subject: 'New Lead', text })));
    expect(lead.portal).toBe('Homes.com');
    expect(lead.person).toMatchObject({ fullName: 'Quinn Rivera', emails: ['quinn.rivera@example.com'], phones: ['404-555-0161'] });
    expect(lead.property).toEqual({ street: '12 Elm St', city: 'Decatur', state: 'GA', zip: '30030', price: 329900 });
  });

  it('reads label and value cells of an HTML table, and takes only the comment’s own cell (not the buttons and footer under it)', () => {
    const row = (label: string, value: string) => `<tr><td><b>${label}</b></td><td>${value}</td></tr>`;
    const html =
      '<table>' +
      row('Name', 'Quinn Rivera') +
      row('Email', '<a href="mailto:quinn.rivera@example.com">quinn.rivera@example.com</a>') +
      row('Phone', '(404) 555-0161') +
      row('Interested in', 'Buying') +
      row('Property', '12 Elm St<br>Decatur, GA 30030') +
      row('Comments', 'Is there an HOA?') +
      '</table><p><a href="#">View lead</a></p><p>Unsubscribe</p><p>© Homes.com</p>';
    const lead = leadOf(readPortalEmail(mail({ from: 'Homes.com <leads@homes.com>', subject: 'New lead', html })));
    expect(lead.person).toEqual({
      fullName: 'Quinn Rivera',
      firstName: 'Quinn',
      lastName: 'Rivera',
      emails: ['quinn.rivera@example.com'],
      phones: ['(404) 555-0161'],
    });
    expect(lead.property).toEqual({ street: '12 Elm St', city: 'Decatur', state: 'GA', zip: '30030' });
    expect(lead.message).toBe('Is there an HOA?');
  });

  it('an unknown sender whose mail carries no lead data is not a lead, with the reason', () => {
    expect(readPortalEmail(mail({ from: 'news@newsletter.example', subject: 'Market update', text: 'Prices rose 3% this month.' }))).toEqual({
      ok: false,
      reason: NOT_A_PORTAL,
    });
  });

  it('an address the product would not store is left out, not cut into another address', () => {
    const lead = leadOf(readPortalEmail(mail({ from: 'forms@site.example', text: "Name: Al O'Neil\nEmail: al.o'neil@example.com\nPhone: 312-555-0101" })));
    expect(lead.person.emails).toEqual([]);
    expect(lead.person.phones).toEqual(['312-555-0101']);
  });

  it('the intake address itself is never the person’s e-mail', () => {
    const r = readPortalEmail(mail({ from: 'forms@site.example', text: 'Name: Al Vo\nEmail: office-7f3a@leads.example.test\nPhone: 312-555-0101' }));
    expect(leadOf(r).person.emails).toEqual([]);
    expect(leadOf(r).person.phones).toEqual(['312-555-0101']);
  });
});

describe('duplicate deliveries', () => {
  it('the same mail delivered twice (or sent again seconds later) has the same id; another inquiry (another day or person) gets its own', () => {
    const first = leadOf(readPortalEmail(realtorText())).externalId;
    expect(first).toMatch(/^realtor-com:[0-9a-f]{32}$/);
    expect(leadOf(readPortalEmail(realtorText())).externalId).toBe(first);
    expect(leadOf(readPortalEmail(realtorText({ headers: { Date: 'Fri, 17 Apr 2020 19:52:40 -0700' } }))).externalId).toBe(first);
    expect(leadOf(readPortalEmail(realtorText({ headers: { Date: 'Sun, 19 Apr 2020 08:00:00 -0700' } }))).externalId).not.toBe(first);
    const other = fixture('realtor-com-lead.txt').replace('rebecca.sample@example.com', 'someone.else@example.com');
    expect(leadOf(readPortalEmail(realtorText({ text: other }))).externalId).not.toBe(first);
  });

  it('the sender’s own lead id is the id when the mail has one', () => {
    const text = `Lead ID: RDC-99812\n${fixture('realtor-com-lead.txt')}`;
    expect(leadOf(readPortalEmail(realtorText({ text }))).externalId).toBe('RDC-99812');
  });
});
