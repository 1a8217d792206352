import { describe, expect, it } from 'vitest';
import { FILLED_MERGE_VALUES } from '../../tests/support/merge-values';
import { emptyMergeFields, type MergeValues, renderMergeFields, unknownMergeFields, unknownMergeFieldsMessage } from './merge-fields';

const full = FILLED_MERGE_VALUES;
const none: MergeValues = { ...full, first_name: '', last_name: '', agent_phone: '', listing_address: '', listing_price: '' };

describe('merge fields', () => {
  it('fills every field', () => {
    const text = 'Hi {first_name} {last_name} ({full_name}),\n{listing_address} at {listing_price} — {agent_name}, {agent_phone}, {agent_email}, {site_name}';
    expect(renderMergeFields(text, full)).toBe(
      'Hi Nora Nguyen (Nora Nguyen),\n12 Elm St, Seattle, WA at $640,000 — Jane Agent, (206) 555-0100, agent@demo.test, Demo Realty',
    );
  });

  it('names unknown fields once each, in order, and says which fields exist', () => {
    expect(unknownMergeFields('Hi {frist_name}, see {listing_address} {Price} {frist_name}', 'Re: {foo}')).toEqual(['frist_name', 'Price', 'foo']);
    expect(unknownMergeFields('Braces {with spaces} and {} are plain text; {first_name} is known')).toEqual([]);
    expect(unknownMergeFieldsMessage(['frist_name'])).toMatch(/^Unknown merge field \{frist_name\}; use \{first_name\}, \{last_name\}, .*\{listing_price\}$/);
    expect(unknownMergeFieldsMessage(['a', 'b'])).toMatch(/^Unknown merge fields \{a\}, \{b\}; use /);
  });

  it('an unknown field is left as typed (the save refused it already)', () => {
    expect(renderMergeFields('Hi {nickname}', full)).toBe('Hi {nickname}');
  });

  it('an empty field goes with the spaces before it: "Hi {first_name}," → "Hi,"', () => {
    expect(renderMergeFields('Hi {first_name},', none)).toBe('Hi,');
    expect(renderMergeFields('Hi {first_name}!', none)).toBe('Hi!');
    expect(renderMergeFields('Dear {first_name} {last_name},', { ...full, last_name: '' })).toBe('Dear Nora,');
    expect(renderMergeFields('Dear {first_name} {last_name},', none)).toBe('Dear,');
  });

  it('an empty field that starts a line takes its punctuation along, and the line starts with a capital', () => {
    expect(renderMergeFields('{first_name}, your tour is set.', none)).toBe('Your tour is set.');
    expect(renderMergeFields('  {first_name} - your tour is set.', none)).toBe('  Your tour is set.');
  });

  it('a line left without a word, or a label left without its value, is left out; blank lines stay', () => {
    const signature = 'Thanks,\n\n{agent_name}\n{agent_phone}\nPhone: {agent_phone}\n{agent_email}';
    expect(renderMergeFields(signature, none)).toBe('Thanks,\n\nJane Agent\nagent@demo.test');
    expect(renderMergeFields('Home: {listing_address} ({listing_price})', none)).toBe('');
  });

  it('lines without an empty field are untouched, spaces and all', () => {
    expect(renderMergeFields('  - one  \n\nHi {first_name} :)', full)).toBe('  - one  \n\nHi Nora :)');
  });

  it('values are put on one line and trimmed: a value cannot add lines', () => {
    expect(renderMergeFields('Hi {first_name}.', { ...full, first_name: '  Nora\n\nX ' })).toBe('Hi Nora X.');
    expect(renderMergeFields('Hi {first_name},', { ...full, first_name: ' \n ' })).toBe('Hi,');
  });

  it('says which used fields are empty for this lead', () => {
    expect(emptyMergeFields(none, 'Hi {first_name}', 'About {listing_address}, {agent_name} {first_name}')).toEqual(['first_name', 'listing_address']);
    expect(emptyMergeFields(full, 'Hi {first_name}')).toEqual([]);
  });
});
