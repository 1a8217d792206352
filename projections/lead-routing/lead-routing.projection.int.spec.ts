import { describe, expect, it } from 'vitest';
import { LEVEL } from '../../src/modules/accounts/accounts.events';
import { ROUTE_LEAD_PUSH, type OfficeEvent } from '../../src/modules/office/office.events';
import { type LeadEvent } from '../../src/modules/leads/leads.events';
import type { SiteEvent } from '../../src/modules/sites/sites.events';
import { defaultSiteSettings } from '../../src/modules/sites/sites.events';
import { registered } from '../../tests/support/account-events';
import { captured } from '../../tests/support/lead-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { leadRoutingProjection, loadRoutingRules, pendingLeads, ruleSetAt, rosterFor } from './index';

const BROKER = specId(1);
const A1 = specId(2);
const A2 = specId(3);
const SITE = specId(4);
const LEAD = specId(5);
const office = [
  registered(BROKER, LEVEL.broker),
  registered(A1, LEVEL.agent, { officeId: BROKER }),
  registered(A2, LEVEL.agent, { officeId: BROKER }),
  {
    type: 'SiteCreated',
    data: {
      siteId: SITE,
      subdomain: 'office',
      name: 'Office',
      kind: 'broker',
      ownerUserId: BROKER,
      DomainName: null,
      masterSiteId: null,
      isDefault: false,
      settings: defaultSiteSettings,
    },
  } satisfies SiteEvent,
];
const rules = (version: number, off: string[]): OfficeEvent => ({
  type: 'RoutingRulesChanged',
  data: {
    officeId: BROKER,
    version,
    byUserId: BROKER,
    rules: { listingAgentFirst: true, weights: { [A1]: 2 }, off, pond: { enabled: false, claimWindowMinutes: 15 } },
  },
});

describe('lead routing read model', () => {
  const spec = projectionSpecification(leadRoutingProjection);

  it("given an office, its rules with A2 off and a listing linked to A2, then the site's rules name the roster in joining order, the weights and the listing agent", () =>
    spec.given(...office, rules(1, [A2]), { type: 'ListingAgentLinked', data: { officeId: BROKER, pdid: 'NW-1', agentId: A2 } }).then(async ({ pool }) => {
      expect(await loadRoutingRules(pool, SITE, 'NW-1')).toMatchObject({
        kind: 'broker',
        ownerId: BROKER,
        roster: [
          { agentId: A1, active: true, weight: 2 },
          { agentId: A2, active: false, weight: 1 },
        ],
        listingAgentId: A2,
        version: 1,
      });
      expect((await rosterFor(pool, BROKER)).map((r) => [r.userId, r.active])).toEqual([
        [BROKER, true],
        [A1, true],
        [A2, false],
      ]);
    }));

  it('given two versions of the rules, then a lead captured between them is routed by the first', () =>
    spec.given(...office, rules(1, [A2]), rules(2, [])).then(async ({ pool }) => {
      // Each of the spec's events is its own append, at positions 1, 2, ... in order: the rules at 5 and 6.
      expect((await ruleSetAt(pool, BROKER, { transactionId: 6n, globalPosition: 6n })).off).toEqual([A2]);
      expect((await ruleSetAt(pool, BROKER)).off).toEqual([]);
    }));

  it('given an office, when a lead is captured, then it waits for an agent with the ids of its capture, and the router is told to look', () =>
    spec
      .given(...office)
      .when({ ...captured({ leadId: LEAD, siteId: SITE, userId: specId(6) }), eventId: specId(7), metadata: { correlationId: 'inquiry-7' } })
      .then(async ({ pool, signals }) => {
        expect(await pendingLeads(pool)).toEqual([{ leadId: LEAD, eventId: specId(7), correlationId: 'inquiry-7' }]);
        expect(signals).toEqual([{ signal: ROUTE_LEAD_PUSH, payload: { queued: 1 } }]);
      }));

  it('given a lead waiting, when it is assigned, then it waits no more', () =>
    spec
      .given(...office, captured({ leadId: LEAD, siteId: SITE, userId: specId(6) }))
      .when({
        type: 'LeadAssigned',
        data: { leadId: LEAD, siteId: SITE, agentId: A1, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 },
      } satisfies LeadEvent)
      .then(async ({ pool }) => expect(await pendingLeads(pool)).toEqual([])));
});
