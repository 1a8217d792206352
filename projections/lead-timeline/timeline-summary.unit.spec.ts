import { describe, expect, it } from 'vitest';
import { TIMELINE_LABELS } from '../../src/contract/timeline-labels';
import { leadTimelineProjection } from './lead-timeline.projection';
import { type OrganizerTimelineEvent, organizerPdid, organizerSummary } from './organizer-timeline';
import { HOME, inquiryName, summaries, UNKNOWN_HOME, withHome } from './timeline-summary';

/** "Inquiry inquiry", "the the": a word said twice in a row, whatever the case. */
const doubled = (s: string) => /\b(\p{L}+)\s+\1\b/iu.test(s);
const owner = { leadId: 'L1', userId: 'U1', siteId: 'S1' };
const organizer = (type: OrganizerTimelineEvent['type'], data: Record<string, unknown>) => ({ type, data: { ...owner, ...data } }) as OrganizerTimelineEvent;
const alert = { alertId: 'A', pdid: 'NWMLS-9', kind: 'price-reduced', reason: 'favorite', searchIds: [], change: 'Price reduced $25k', digestId: null };
const ORGANIZER: OrganizerTimelineEvent[] = [
  organizer('SavedSearchSaved', { searchId: 's', name: 'Condos', criteria: {}, searchQs: '', searchTitle: 'Condos', frequency: 'never' }),
  organizer('SavedSearchDeleted', { searchId: 's' }),
  organizer('ListingFavorited', { pdid: 'NWMLS-1' }),
  organizer('ListingNoteWritten', { pdid: 'NWMLS-1', note: 'We can pay 50k over asking, do not tell the agent' }),
  organizer('ListingNoteWritten', { pdid: 'NWMLS-1', note: '' }),
  organizer('ListingOpinionGiven', { pdid: 'NWMLS-1', opinion: 'like' }),
  organizer('ListingOpinionGiven', { pdid: 'NWMLS-1', opinion: 'none' }),
  organizer('ListingShared', { pdid: 'NWMLS-1', toEmail: 'x@example.com', message: 'look' }),
  organizer('ShowingRequested', { pdid: 'NWMLS-1', preferredAt: '2026-11-28T13:00:00-08:00', message: 'After work please' }),
  organizer('ListingFiledInNotebook', { notebookId: 'n', pdid: 'NWMLS-1' }),
  organizer('ListingRemovedFromNotebook', { notebookId: 'n', pdid: 'NWMLS-1' }),
  { type: 'PropertyAlertSent', data: { ...owner, ...alert, subject: 'x' } } as OrganizerTimelineEvent,
  { type: 'PropertyAlertOpened', data: { ...owner, ...alert, how: 'link' } } as OrganizerTimelineEvent,
];

describe('timeline wording', () => {
  it('every event type the timeline shows has a human label', () => {
    const missing = leadTimelineProjection.eventTypes.filter((t) => !TIMELINE_LABELS[t]);
    expect(missing).toEqual([]);
  });

  it('an inquiry is named once: "Inquiry", never "Inquiry inquiry"; other types get the word', () => {
    expect(inquiryName('Inquiry')).toBe('Inquiry');
    expect(inquiryName('Showing inquiry')).toBe('Showing inquiry');
    expect(inquiryName('Buyer')).toBe('Buyer inquiry');
    expect(summaries.inquiry('Inquiry', 'NWMLS-1', 'Is it still available?')).toBe(`Inquiry about ${HOME}: Is it still available?`);
    expect(summaries.inquiry('Registration', null, '')).toBe('Sign-up');
    expect(summaries.captured('Registration', 'direct')).toBe('Signed up from direct');
  });

  it('no line says a word twice in a row', () => {
    const lines = [
      summaries.captured('Buyer', 'google'),
      summaries.inquiry('Inquiry', 'P', 'Hello'),
      summaries.inquiry('Seller', null, 'Hello'),
      summaries.assigned('round-robin'),
      summaries.reassigned(),
      summaries.viewed('16884 Evergreen Ct', 725000),
      summaries.searched('Homes for sale in Seattle'),
      summaries.searched(''),
      summaries.chat(true, 'Hi'),
      summaries.text('video', 'Tour'),
      summaries.consent('text', false, 'one-click'),
      summaries.stage('New', 'Attempted contact', null),
      summaries.firstContact('text'),
      summaries.firstContact('stage'),
      summaries.tags(['Hot']),
      summaries.pond('not-contacted'),
      summaries.claimed(),
      ...ORGANIZER.map((e) => withHome(organizerSummary(e), '16884 Evergreen Ct')),
    ];
    expect(lines.filter(doubled)).toEqual([]);
  });

  it('a home is named by its address, never its pdid', () => {
    for (const e of ORGANIZER) {
      const line = withHome(organizerSummary(e), '16884 Evergreen Ct');
      expect(line).not.toContain('NWMLS');
      if (organizerPdid(e)) expect(line).toContain('16884 Evergreen Ct');
    }
    expect(withHome(organizerSummary(ORGANIZER[2]!), '16884 Evergreen Ct')).toBe('Favourited 16884 Evergreen Ct');
    expect(withHome(summaries.viewed(null, null), UNKNOWN_HOME)).toBe('Viewed a home no longer listed');
    expect(withHome(organizerSummary(ORGANIZER[8]!), '1 Main St')).toBe('Asked for a showing of 1 Main St on Sat, Nov 28, 1:00 PM: After work please');
    expect(withHome(organizerSummary(ORGANIZER[11]!), '1 Main St')).toBe('Alert sent about 1 Main St: Price reduced $25k');
  });

  it("the lead's private note on a listing says that there is one, never what it says", () => {
    expect(organizerSummary(ORGANIZER[3]!)).toBe(`Wrote a private note on ${HOME}`);
    expect(organizerSummary(ORGANIZER[3]!)).not.toContain('50k');
    expect(organizerSummary(ORGANIZER[4]!)).toBe(`Removed a private note on ${HOME}`);
  });

  it('a stage change says from where to where, and when the system did it', () => {
    expect(summaries.stage('New', 'Active', 'A1')).toBe('Moved from New to Active');
    expect(summaries.stage('New', 'Attempted contact', null)).toBe('Moved from New to Attempted contact (automatically)');
  });
});
