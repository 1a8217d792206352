import { describe, expect, it } from 'vitest';
import type { MemberCriteria } from '../../src/contract/backoffice';
import { LEVEL } from '../../src/modules/accounts/accounts.events';
import type { BackofficeEvent } from '../../src/modules/backoffice/backoffice.events';
import { defaultSiteSettings, type SiteEvent } from '../../src/modules/sites/sites.events';
import { registered } from '../../tests/support/account-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { currentAccountOf, findMembers, memberById, memberCounts, membersProjection } from './index';

const BROKER = specId(1);
const ADA = specId(2);
const ADA_TWO = specId(3);
const SITE = specId(4);
const people = [
  registered(BROKER, LEVEL.broker, { firstName: 'Bea', lastName: 'Broker', email: 'bea@janehomes.com', siteId: SITE }),
  registered(ADA, LEVEL.lead, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', cellPhone: '(206) 555-0100', siteId: SITE }),
  registered(ADA_TWO, LEVEL.lead, { firstName: 'Ada', lastName: 'Byron', email: 'countess@example.com', siteId: SITE }),
  {
    type: 'SiteCreated',
    data: {
      siteId: SITE,
      subdomain: 'janehomes',
      name: 'Jane Homes',
      kind: 'broker',
      ownerUserId: BROKER,
      DomainName: 'janehomes.com',
      masterSiteId: null,
      isDefault: false,
      settings: defaultSiteSettings,
    },
  } satisfies SiteEvent,
];
const find = (criteria: Omit<MemberCriteria, 'page' | 'perpage'>): MemberCriteria => ({ page: 1, perpage: 20, ...criteria });
const merged: BackofficeEvent = {
  type: 'AccountsMerged',
  data: { userId: ADA_TWO, reason: 'Same person', mergeId: specId(9), survivorId: ADA, mergedId: ADA_TWO },
};

describe('members read model (the back office)', () => {
  const spec = projectionSpecification(membersProjection);

  it('given three members on a site, then staff find them by a word, phone digits in any format, or the site, exact e-mail first', () =>
    spec.given(...people).then(async ({ pool }) => {
      expect((await findMembers(pool, find({ q: 'ada' }))).members.map((m) => m.fullName)).toEqual(['Ada Byron', 'Ada Lovelace']);
      expect((await findMembers(pool, find({ q: 'countess@example.com ada' }))).members.map((m) => m.email)).toEqual(['countess@example.com']);
      expect((await findMembers(pool, find({ phone: '206-555-0100' }))).members.map((m) => m.userId)).toEqual([ADA]);
      expect(await findMembers(pool, find({ site: 'jane', level: LEVEL.broker }))).toMatchObject({
        total: 1,
        members: [{ userId: BROKER, siteSubdomain: 'janehomes' }],
      });
      expect(await memberCounts(pool)).toEqual({ byLevel: { [LEVEL.lead]: 2, [LEVEL.broker]: 1 }, byStatus: { active: 3 }, sites: 1 });
    }));

  it("given two accounts of one person, when they are merged, then the merged one's e-mail finds the survivor and its mail goes there; staff hear of both", () =>
    spec
      .given(...people)
      .when(merged)
      .then(async ({ pool, pushes }) => {
        expect((await findMembers(pool, find({ q: 'countess', status: 'active' }))).members.map((m) => m.userId)).toEqual([ADA]);
        expect(await memberById(pool, ADA_TWO)).toMatchObject({ status: 'merged', mergedInto: ADA });
        expect(await currentAccountOf(pool, ADA_TWO)).toBe(ADA);
        expect(pushes).toEqual([{ to: ['staff'], name: 'backoffice.memberChanged', payload: { userIds: [ADA, ADA_TWO] } }]);
      }));

  it('given a broker, when the platform is locked for them and then offboarding starts, then the status says offboarding', () =>
    spec
      .given(...people, { type: 'PlatformLocked', data: { userId: BROKER, reason: 'Unpaid' } } satisfies BackofficeEvent)
      .when({ type: 'OffboardingStarted', data: { userId: BROKER, reason: 'Leaving' } } satisfies BackofficeEvent)
      .then(async ({ pool }) => expect((await memberById(pool, BROKER))?.status).toBe('offboarding')));
});
