import type { Decider } from '../../../commands/decider';
import { notFound, validation } from '../../../shared/errors';
import { evolveLead, initialLead, type Lead } from '../lead';
import type { LeadEvent } from '../leads.events';

export const TAG_LIMITS = { maxLength: 40, maxTags: 30 } as const;
export const TAG_MESSAGES = {
  length: `A tag is 1 to ${TAG_LIMITS.maxLength} characters`,
  count: `A lead has at most ${TAG_LIMITS.maxTags} tags`,
} as const;

/** The lead's whole tag list as the user left it (adding or removing one sends the list). */
export type TagLead = { readonly tags: readonly string[]; readonly byUserId: string };

/** Trimmed, case kept, the first spelling of a tag kept when it comes twice in any case. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag.length < 1 || tag.length > TAG_LIMITS.maxLength) throw validation(TAG_MESSAGES.length);
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  if (out.length > TAG_LIMITS.maxTags) throw validation(TAG_MESSAGES.count);
  return out;
}

/** The same tags in the same order append nothing. */
export function decideTagLead(c: TagLead, state: Lead): LeadEvent[] {
  if (!state.exists) throw notFound();
  const tags = normalizeTags(c.tags);
  if (tags.length === state.tags.length && tags.every((t, i) => t === state.tags[i])) return [];
  return [{ type: 'LeadTagsChanged', data: { leadId: state.leadId, siteId: state.siteId, tags, byUserId: c.byUserId } }];
}

export const tagLeadDecider: Decider<Lead, TagLead, LeadEvent> = { initialState: initialLead, evolve: evolveLead, decide: decideTagLead };
