import { describe, expect, it } from 'vitest';
import { guessMapping, phoneKey, resolveMapping, rowValues, splitTags, unionTags } from './lead-import';

describe('guessMapping', () => {
  it('reads the usual spellings of a CRM export, each field from its first column, the rest unmapped', () => {
    expect(guessMapping(['First Name', 'Last Name', 'E-mail Address', 'Mobile Phone', 'Tags', 'Notes', 'Zip Code', 'Cell', 'Favourite colour'])).toEqual({
      'First Name': 'FirstName',
      'Last Name': 'LastName',
      'E-mail Address': 'Email',
      'Mobile Phone': 'Phone',
      Tags: 'Tags',
      Notes: 'Message',
      'Zip Code': 'Zip',
      Cell: null,
      'Favourite colour': null,
    });
    expect(guessMapping(['Name', 'email', 'PHONE'])).toEqual({ Name: 'FullName', email: 'Email', PHONE: 'Phone' });
  });
});

describe('resolveMapping', () => {
  const header = ['Name', 'Email', 'Phone', 'Name2'];
  it('answers the column of each mapped field', () => {
    const r = resolveMapping(header, { Name: 'FullName', Email: 'Email', Phone: 'Phone', Name2: null });
    expect(r.ok && [...r.columns]).toEqual([
      ['FullName', 0],
      ['Email', 1],
      ['Phone', 2],
    ]);
  });
  it.each([
    [{ Name: 'FullName', Phone: 'Phone' }, 'Map a column to Email'],
    [{ Name: 'FullName', Email: 'Email' }, 'Map a column to Phone'],
    [{ Email: 'Email', Phone: 'Phone' }, 'Map a column to Full name, or to First name and Last name'],
    [{ Name: 'FullName', Name2: 'FullName', Email: 'Email', Phone: 'Phone' }, 'Two columns are mapped to Full name'],
    [{ Nope: 'FullName', Email: 'Email', Phone: 'Phone' }, 'The file has no column "Nope"'],
  ])('%j: %s', (mapping, message) => {
    expect(resolveMapping(header, mapping as never)).toEqual({ ok: false, message });
  });
  it('refuses a mapped column whose header appears twice', () => {
    expect(resolveMapping(['Email', 'Email', 'Phone', 'Name'], { Email: 'Email', Phone: 'Phone', Name: 'FullName' })).toEqual({
      ok: false,
      message: 'The column "Email" appears twice in the header row; rename one',
    });
  });
});

describe('rowValues', () => {
  it('trims cells, leaves empty ones out, joins first and last name, splits tags', () => {
    const r = resolveMapping(['First', 'Last', 'Email', 'Phone', 'City', 'Tags'], {
      First: 'FirstName',
      Last: 'LastName',
      Email: 'Email',
      Phone: 'Phone',
      City: 'City',
      Tags: 'Tags',
    });
    if (!r.ok) throw new Error(r.message);
    expect(rowValues([' Ann ', 'Lee', 'ann@example.com', '206-555-0100', '  ', 'VIP; open house|vip'], r.columns)).toEqual({
      values: { FullName: 'Ann Lee', Email: 'ann@example.com', Phone: '206-555-0100' },
      tags: ['VIP', 'open house'],
    });
  });
});

describe('keys and tags', () => {
  it.each([
    ['206-555-0100', '+12065550100'],
    ['+1 (206) 555-0100', '+12065550100'],
    ['12065550100', '+12065550100'],
    ['555-01', null],
    ['', null],
  ])('phoneKey(%s) = %s', (phone, key) => expect(phoneKey(phone)).toBe(key));

  it('tags: at most 50 characters and 20 tags, unique whatever the case; a union keeps the old ones first', () => {
    expect(splitTags(`${'x'.repeat(60)},a`)).toEqual(['x'.repeat(50), 'a']);
    expect(splitTags(Array.from({ length: 25 }, (_, i) => `t${i}`).join(','))).toHaveLength(20);
    expect(unionTags(['VIP', 'Farm'], ['vip', 'New', 'new'])).toEqual(['VIP', 'Farm', 'New']);
  });
});
