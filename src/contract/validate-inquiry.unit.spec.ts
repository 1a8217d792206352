import { describe, expect, it } from 'vitest';
import { INQUIRY_MESSAGES as M, type InquiryFields, validateInquiry, validateInquiryDetails } from './validate-inquiry';

const ok: InquiryFields = { FullName: 'Ada Lovelace', Email: 'ada@example.com', Phone: '2065550100' };
const strict = { allowPartialName: false };

describe('inquiry validation, in the spec order with its messages', () => {
  it('accepts a complete inquiry', () => {
    expect(validateInquiry(ok, strict)).toBeNull();
    expect(validateInquiry({ ...ok, AcceptTerms: true, Street: '1 Main St', City: 'Kent', Zip: '98032' }, strict)).toBeNull();
    expect(validateInquiry({ ...ok, Email: 'ada@homes.realty' }, strict)).toBeNull();
  });

  it.each([
    [{ ...ok, AcceptTerms: false }, M.terms],
    [{ AcceptTerms: false }, M.terms],
    [{ ...ok, AcceptTerms: false, FullName: '' }, M.terms],
  ])('terms: %j', (f, m) => expect(validateInquiry(f, strict)).toBe(m));

  it.each([[{ ...ok, FullName: '' }], [{ ...ok, FullName: '   ' }], [{ ...ok, FullName: undefined }], [{}]])('name required: %j', (f) =>
    expect(validateInquiry(f, strict)).toBe(M.name),
  );

  it.each(['Ada', '  Ada  ', 'Lovelace\t'])('a single word %j needs the full name unless partial names are allowed', (name) => {
    expect(validateInquiry({ ...ok, FullName: name }, strict)).toBe(M.fullName);
    expect(validateInquiry({ ...ok, FullName: name }, { allowPartialName: true })).toBeNull();
  });

  it.each(['Ada 123', '!! Lovelace', 'Ada L. -', '42'])('each word keeps a letter: %j', (name) => {
    expect(validateInquiry({ ...ok, FullName: name }, { allowPartialName: true })).toBe(M.validName);
  });

  it('letters of any script count', () => {
    expect(validateInquiry({ ...ok, FullName: 'José Müller-Łukasz' }, strict)).toBeNull();
    expect(validateInquiry({ ...ok, FullName: "O'Brien D'Arcy" }, strict)).toBeNull();
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada example@x.com',
    'ada@example.com\r\nBcc: x@y.com',
    'ada@example.com\n',
    'a\u0000@example.com',
  ])('email %j is refused', (email) => expect(validateInquiry({ ...ok, Email: email }, strict)).toBe(M.email));

  it.each(['', '555-0100', '206 555 0', '123456789'])('phone %j is too short', (phone) =>
    expect(validateInquiry({ ...ok, Phone: phone }, strict)).toBe(M.phone),
  );

  it.each([
    ['Street', M.street],
    ['City', M.city],
    ['Zip', M.zip],
  ] as const)('%s present but empty', (field, message) => {
    expect(validateInquiry({ ...ok, [field]: '' }, strict)).toBe(message);
    expect(validateInquiry({ ...ok, [field]: '  ' }, strict)).toBe(message);
    expect(validateInquiry({ ...ok, [field]: 'x' }, strict)).toBeNull();
  });

  it('reports the first failure in order', () => {
    expect(validateInquiry({ FullName: 'Ada', Email: 'x', Phone: '1' }, strict)).toBe(M.fullName);
    expect(validateInquiry({ ...ok, Email: 'x', Phone: '1' }, strict)).toBe(M.email);
    expect(validateInquiry({ ...ok, Phone: '1', Street: '' }, strict)).toBe(M.phone);
    expect(validateInquiry({ ...ok, Street: '', City: '', Zip: '' }, strict)).toBe(M.street);
    expect(validateInquiry({ ...ok, City: '', Zip: '' }, strict)).toBe(M.city);
  });
});

describe('the inquiry details', () => {
  it("a referred friend's email, when given, must be an email address", () => {
    expect(validateInquiryDetails({})).toBeNull();
    expect(validateInquiryDetails({ ReferralEmail: ' ' })).toBeNull();
    expect(validateInquiryDetails({ ReferralEmail: 'friend@example.com' })).toBeNull();
    expect(validateInquiryDetails({ ReferralEmail: 'friend@' })).toEqual({ field: 'ReferralEmail', text: 'Please enter a valid email for your friend' });
  });
});
