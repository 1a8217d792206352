import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { captured, tagsChanged } from '../../../../tests/support/lead-events';
import { refused } from '../../../../tests/support/refused';
import type { LeadEvent } from '../leads.events';
import { decideTagLead, TAG_MESSAGES, tagLeadDecider } from './tag-lead.decide';

const given = (...events: LeadEvent[]) => fold(tagLeadDecider, events);
const tag = (...tags: string[]) => ({ tags, byUserId: 'A1' });

describe('TagLead (given / when / then)', () => {
  it('given an untagged lead, when tagged, then LeadTagsChanged with the tags trimmed, case kept, duplicates (any case) dropped', () => {
    expect(decideTagLead(tag('  Hot ', 'pre-approved', 'HOT', 'First  time'), given(captured()))).toEqual([tagsChanged(['Hot', 'pre-approved', 'First time'])]);
  });

  it('given tags, when the same list comes again, then nothing; when one is removed, then the shorter list; when all go, then an empty list', () => {
    const state = given(captured(), tagsChanged(['Hot', 'VIP']));
    expect(decideTagLead(tag('Hot', 'VIP'), state)).toEqual([]);
    expect(decideTagLead(tag('Hot'), state)).toEqual([tagsChanged(['Hot'])]);
    expect(decideTagLead(tag(), state)).toEqual([tagsChanged([])]);
  });

  it('when a tag is blank or longer than 40, or there are more than 30, then 400', () => {
    expect(refused(() => decideTagLead(tag('Hot', '   '), given(captured())))).toMatchObject({ code: 'validation', message: TAG_MESSAGES.length });
    expect(refused(() => decideTagLead(tag('x'.repeat(41)), given(captured()))).message).toBe('A tag is 1 to 40 characters');
    expect(decideTagLead(tag('x'.repeat(40)), given(captured()))).toHaveLength(1);
    const many = Array.from({ length: 31 }, (_, i) => `t${i}`);
    expect(refused(() => decideTagLead(tag(...many), given(captured()))).message).toBe('A lead has at most 30 tags');
    expect(decideTagLead(tag(...many.slice(0, 30), 'T0'), given(captured()))).toHaveLength(1);
  });

  it('given no lead, then 404', () => {
    expect(refused(() => decideTagLead(tag('Hot'), given())).code).toBe('not_found');
  });
});
