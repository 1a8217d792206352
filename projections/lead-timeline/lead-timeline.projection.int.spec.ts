import { describe, expect, it } from 'vitest';
import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import type { LeadActivityEvent, LeadEvent } from '../../src/modules/leads/leads.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { decodePosition } from '../../src/contract/position';
import { captured } from '../../tests/support/lead-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import type { Viewer } from '../lead-rows';
import { leadTimelineProjection, timelineOf, timelinePushesSince } from './index';

const JANE = specId(1);
const ALEX = specId(2);
const BROKER = specId(3);
const SITE = specId(4);
const ANN = specId(11);
const BEN = specId(12);
const ANN_USER = specId(21);
const BEN_USER = specId(22);
const jane: Viewer = { userId: JANE, role: 'agent', officeId: BROKER };
const alex: Viewer = { userId: ALEX, role: 'agent', officeId: BROKER };
const lead = (leadId: string, userId: string, fullName: string, agentId = JANE): LeadEvent[] => [
  captured({ leadId, userId, siteId: SITE, fullName, email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com` }),
  { type: 'LeadAssigned', data: { leadId, siteId: SITE, agentId, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 } },
];
const viewed = (leadId: string, userId: string, pdid: string): LeadActivityEvent => ({
  type: 'ListingViewed',
  data: { leadId, userId, siteId: SITE, pdid, address: null, price: 500_000 },
});
const merge = (type: 'AccountsMerged' | 'AccountsUnmerged'): AccountsMerged | AccountsUnmerged => {
  const about = { userId: BEN_USER, reason: 'Same person', mergeId: specId(9), survivorId: ANN_USER, mergedId: BEN_USER };
  return type === 'AccountsMerged'
    ? { type, data: { ...about, leads: [{ mergedLeadId: BEN, survivorLeadId: ANN, mergedName: 'Ben Beta' }] } }
    : { type, data: about };
};
const homes = async (pdids: readonly string[]) => new Map(pdids.map((p) => [p, `1 ${p} Street`]));
const noHomes = async () => new Map<string, string>();
const START = decodePosition('0.0')!;

describe('lead timeline read model (a lead’s lines on the dashboard)', () => {
  const spec = projectionSpecification(leadTimelineProjection);

  it('given an assigned lead, when Jane first texts it, then its timeline says so, newest first, and the line is pushed to Jane, her broker and staff', () =>
    spec
      .given(...lead(ANN, ANN_USER, 'Ann Alpha'))
      .when({ type: 'LeadFirstContacted', data: { leadId: ANN, siteId: SITE, byUserId: JANE, via: 'text', at: '2026-03-02T15:30:00.000Z' } })
      .then(async ({ pool, pushes }) => {
        expect((await timelineOf(pool, ANN, noHomes)).map((t) => t.type)).toEqual(['LeadFirstContacted', 'LeadAssigned', 'LeadCaptured']);
        expect(pushes).toEqual([
          {
            to: [`user:${JANE}`, `user:${BROKER}`, 'staff'],
            name: 'lead.activity',
            payload: expect.objectContaining({ leadId: ANN, type: 'LeadFirstContacted' }),
          },
        ]);
      }));

  it('given a lead that viewed a home, when the timeline is read, then the line names the home by its address (pushed live as "a home")', () =>
    spec
      .given(...lead(ANN, ANN_USER, 'Ann Alpha'))
      .when(viewed(ANN, ANN_USER, 'NWMLS-7'))
      .then(async ({ pool, pushes }) => {
        expect((await timelineOf(pool, ANN, homes))[0]!.summary).toContain('1 NWMLS-7 Street');
        expect((pushes[0]!.payload as { summary: string }).summary).toContain('a home');
      }));

  it("given Jane's lead, when it is reassigned to Alex, then Jane is told it moved, and only Alex is sent its later lines on reconnecting", () =>
    spec
      .given(...lead(ANN, ANN_USER, 'Ann Alpha'))
      .when(
        { type: 'LeadReassigned', data: { leadId: ANN, siteId: SITE, agentId: ALEX, officeId: BROKER, fromAgentId: JANE, byUserId: BROKER } },
        viewed(ANN, ANN_USER, 'NWMLS-7'),
      )
      .then(async ({ pool, pushes }) => {
        expect(pushes[0]).toMatchObject({
          to: [`user:${JANE}`],
          name: 'lead.activity',
          payload: { leadId: ANN, type: 'LeadReassigned', assignedAgentId: ALEX },
        });
        expect(pushes[1]).toMatchObject({ to: [`user:${ALEX}`, `user:${BROKER}`, 'staff'], payload: { type: 'ListingViewed' } });
        const since = async (v: Viewer) => (await timelinePushesSince(pool, v, START, homes, 500)).events.map((e) => e.payload['type']);
        expect(await since(alex)).toEqual(['ListingViewed']);
        expect(await since(jane)).toEqual([]);
      }));

  it("given Ben's lead merged into Ann's, when Ben views a home, then the line lands on Ann's timeline marked as Ben's; the unmerge takes Ben's lines back", () =>
    spec
      .given(...lead(ANN, ANN_USER, 'Ann Alpha'), ...lead(BEN, BEN_USER, 'Ben Beta'), viewed(BEN, BEN_USER, 'NWMLS-1'), merge('AccountsMerged'))
      .when(viewed(BEN, BEN_USER, 'NWMLS-2'))
      .then(async ({ pool, pushes }) => {
        const ann = await timelineOf(pool, ANN, homes);
        expect(ann.filter((t) => t.mergedFrom === 'Ben Beta').map((t) => t.type)).toEqual([
          'ListingViewed',
          'AccountsMerged',
          'ListingViewed',
          'LeadAssigned',
          'LeadCaptured',
        ]);
        expect(await timelineOf(pool, BEN, homes)).toEqual([]);
        expect(pushes).toMatchObject([{ name: 'lead.activity', payload: { leadId: ANN, type: 'ListingViewed' } }]);
      }));

  it("given Ben's lead merged into Ann's, when they are unmerged, then each timeline holds its own lines again", () =>
    spec
      .given(...lead(ANN, ANN_USER, 'Ann Alpha'), ...lead(BEN, BEN_USER, 'Ben Beta'), viewed(BEN, BEN_USER, 'NWMLS-1'), merge('AccountsMerged'))
      .when(merge('AccountsUnmerged'))
      .then(async ({ pool }) => {
        expect((await timelineOf(pool, ANN, homes)).map((t) => t.type)).toEqual(['LeadAssigned', 'LeadCaptured']);
        expect((await timelineOf(pool, BEN, homes)).map((t) => t.type)).toEqual(['ListingViewed', 'LeadAssigned', 'LeadCaptured']);
      }));

  it('given a lead that viewed a home, when the person is erased, then every line of theirs reads as erased and the timeline says so', () =>
    spec
      .given(...lead(ANN, ANN_USER, 'Ann Alpha'), viewed(ANN, ANN_USER, 'NWMLS-1'))
      .when({ type: 'PersonErased', data: { userId: ANN_USER, leadIds: [ANN], byUserId: null, how: 'retention', reason: 'quiet' } } satisfies PersonErased)
      .then(async ({ pool }) => {
        const lines = await timelineOf(pool, ANN, homes);
        expect(lines[0]).toMatchObject({ type: 'PersonErased', summary: 'Personal data erased' });
        expect(lines.slice(1).map((t) => t.summary)).not.toContain(expect.stringContaining('NWMLS'));
        expect(new Set(lines.slice(1).map((t) => t.summary)).size).toBe(1);
      }));
});
