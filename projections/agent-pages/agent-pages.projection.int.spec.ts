import { describe, expect, it } from 'vitest';
import { LEVEL } from '../../src/modules/accounts/accounts.events';
import { registered } from '../../tests/support/account-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { agentPageById, agentPageByKey, agentPageByMlsId, agentPageKey, agentPagesOf, agentPagesProjection } from './index';

const BROKER = specId(1);
const AGENT = specId(2);
const LEAD = specId(3);
const office = [
  registered(BROKER, LEVEL.broker, { firstName: 'Bea', lastName: 'Broker' }),
  registered(AGENT, LEVEL.agent, { firstName: 'Al', lastName: 'Agent', officeId: BROKER }),
  registered(specId(4), LEVEL.agent, { firstName: 'Ann', lastName: 'Able', officeId: BROKER }),
  registered(LEAD, LEVEL.lead),
];

describe('agent pages read model', () => {
  const spec = projectionSpecification(agentPagesProjection);

  it("given an office, when the agent writes a bio, sets a photo and an MLS id, then the agent's page has them, found by its key", () =>
    spec
      .given(...office)
      .when(
        { type: 'AgentBioChanged', data: { agentId: AGENT, bio: 'Twenty years in Ballard.' } },
        { type: 'PhotoChanged', data: { userId: AGENT, photoLocation: '/u/al.jpg' } },
        { type: 'AgentMlsIdChanged', data: { agentId: AGENT, mlsId: 'NW123' } },
      )
      .then(async ({ pool }) => {
        expect(await agentPageByKey(pool, agentPageKey(AGENT))).toMatchObject({
          userId: AGENT,
          bio: 'Twenty years in Ballard.',
          photo: '/u/al.jpg',
          mlsId: 'NW123',
        });
        expect((await agentPageByMlsId(pool, 'NW123'))?.userId).toBe(AGENT);
      }));

  it("given an office and a lead, then the broker's site lists the broker first, then the agents by name; a lead has no page", () =>
    spec.given(...office).then(async ({ pool }) => {
      expect((await agentPagesOf(pool, BROKER, true)).map((p) => p.lastName)).toEqual(['Broker', 'Able', 'Agent']);
      expect((await agentPagesOf(pool, BROKER, false)).map((p) => p.lastName)).toEqual(['Broker']);
      expect(await agentPageById(pool, LEAD)).toBeUndefined();
    }));

  it('given an agent offboarded, then the page is gone until they are let back in; a platform lock does not hide it', () =>
    spec
      .given(
        ...office,
        { type: 'SignInBlocked', data: { userId: AGENT, cause: 'offboarding' } },
        { type: 'SignInBlocked', data: { userId: specId(4), cause: 'platform-lock' } },
      )
      .when({ type: 'SignInUnblocked', data: { userId: specId(4), cause: 'offboarding' } })
      .then(async ({ pool }) => {
        expect(await agentPageById(pool, AGENT)).toBeUndefined();
        expect(await agentPageById(pool, specId(4))).toBeDefined();
      }));

  it('given two agents claiming one MLS id, then neither is named as the listing agent', () =>
    spec
      .given(
        ...office,
        { type: 'AgentMlsIdChanged', data: { agentId: AGENT, mlsId: 'NW9' } },
        { type: 'AgentMlsIdChanged', data: { agentId: specId(4), mlsId: 'NW9' } },
      )
      .then(async ({ pool }) => expect(await agentPageByMlsId(pool, 'NW9')).toBeUndefined()));
});
