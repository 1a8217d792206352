import { describe, expect, it } from 'vitest';
import type { AccountsMerged } from '../../src/modules/backoffice/backoffice.events';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import { captured } from '../../tests/support/lead-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { emailAddressHash, type EmailDeliveryReported, type TextDeliveryReported } from '../../src/modules/compliance/compliance.events';
import type { TextMessageSent } from '../../src/modules/conversation/conversation.events';
import { leadReport, leadReportsProjection, type ReportRange, undeliveredReport } from './index';

const AGENT = specId(1);
const BROKER = specId(2);
const SITE = specId(3);
const lead = (n: number) => specId(10 + n);
const capturedFrom = (n: number, source: string): LeadEvent => captured({ leadId: lead(n), siteId: SITE, userId: specId(20 + n), source });
const assigned = (n: number): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: lead(n), siteId: SITE, agentId: AGENT, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 },
});
const contacted = (n: number, at: string): LeadEvent => ({
  type: 'LeadFirstContacted',
  data: { leadId: lead(n), siteId: SITE, byUserId: AGENT, via: 'text', at },
});
const staged = (n: number, fromStage: string, stage: string): LeadEvent => ({
  type: 'LeadStageChanged',
  data: { leadId: lead(n), siteId: SITE, stage, fromStage, byUserId: AGENT },
});
// The spec's events happen from 15:01 on Monday 2 March 2026, one minute apart.
const MARCH: ReportRange = { from: new Date('2026-03-01T00:00:00.000Z'), to: new Date('2026-03-15T00:00:00.000Z'), agentId: null };
const broker = { userId: BROKER, role: 'broker' } as const;

describe('lead reports read model', () => {
  const spec = projectionSpecification(leadReportsProjection);

  it("given two leads of the broker's office, one reached an hour after it came, then the reports count sources, weeks, stages and first contact", () =>
    spec
      .given(capturedFrom(1, 'zillow'), assigned(1), capturedFrom(2, 'direct'), assigned(2))
      .when(contacted(1, '2026-03-02T16:01:00.000Z'), staged(1, 'New', 'Hot'), staged(1, 'Hot', 'New'), staged(1, 'New', 'Hot'))
      .then(async ({ pool }) => {
        const report = await leadReport(pool, broker, MARCH);
        expect(report.newLeadsBySource).toEqual([
          { source: 'direct', count: 1 },
          { source: 'zillow', count: 1 },
        ]);
        expect(report.newLeadsByWeek).toEqual([
          { week: '2026-02-23', count: 0 },
          { week: '2026-03-02', count: 2 },
          { week: '2026-03-09', count: 0 },
        ]);
        expect(report.firstContact).toEqual({ total: 2, contacted: 1, medianSeconds: 3600, p90Seconds: 3600 });
        // Back and forth counts a stage once.
        expect(report.stagesReached).toEqual(
          expect.arrayContaining([
            { stage: 'New', count: 2 },
            { stage: 'Hot', count: 1 },
          ]),
        );
        expect(report.perAgent).toEqual([{ agentId: AGENT, leads: 2, contacted: 1, medianSeconds: 3600, p90Seconds: 3600 }]);
      }));

  it("given leads of the office, then another agent sees none of them, and a lead put in the pond stays in the office's report", () =>
    spec
      .given(capturedFrom(1, 'zillow'), assigned(1), {
        type: 'LeadPutInPond',
        data: { leadId: lead(1), siteId: SITE, officeId: BROKER, fromAgentId: AGENT, reason: 'not-contacted' },
      })
      .then(async ({ pool }) => {
        expect((await leadReport(pool, { userId: specId(9), role: 'agent' }, MARCH)).firstContact.total).toBe(0);
        expect((await leadReport(pool, broker, MARCH)).firstContact.total).toBe(1);
      }));

  it('given two leads of one person, when their accounts are merged, then the person counts once', () => {
    const merged: AccountsMerged = {
      type: 'AccountsMerged',
      data: {
        userId: specId(22),
        reason: 'same person',
        mergeId: specId(30),
        survivorId: specId(21),
        mergedId: specId(22),
        leads: [{ mergedLeadId: lead(2), survivorLeadId: lead(1), mergedName: 'Ada L.' }],
      },
    };
    return spec
      .given(capturedFrom(1, 'zillow'), assigned(1), capturedFrom(2, 'direct'), assigned(2))
      .when(merged)
      .then(async ({ pool }) => expect((await leadReport(pool, broker, MARCH)).newLeadsBySource).toEqual([{ source: 'zillow', count: 1 }]));
  });

  const textSent = (n: number, providerId: string): TextMessageSent => ({
    type: 'TextMessageSent',
    data: { leadId: lead(n), siteId: SITE, messageId: specId(40 + n), byUserId: AGENT, kind: 'text', body: 'Hi', mediaUrl: null, providerId },
  });
  const textReport = (providerId: string, state: TextDeliveryReported['data']['state']): TextDeliveryReported => ({
    type: 'TextDeliveryReported',
    data: { providerId, state, errorCode: state === 'delivered' ? null : 30005 },
  });
  const emailReport = (address: string, outcome: EmailDeliveryReported['data']['outcome']): EmailDeliveryReported => ({
    type: 'EmailDeliveryReported',
    data: { addressHash: emailAddressHash(address), outcome, code: 550, reason: 'mailbox does not exist', at: '2026-03-03T10:00:00.000Z' },
  });

  it("given texts the carrier reported and an address that bounced, then the office's and agent's undelivered counts hold only what never arrived", () =>
    spec
      .given(
        captured({ leadId: lead(1), siteId: SITE, userId: specId(21), email: 'ada@example.com' }),
        assigned(1),
        captured({ leadId: lead(2), siteId: SITE, userId: specId(22), email: 'bo@example.com' }),
        assigned(2),
      )
      // The carrier's report may be recorded before the text it is about.
      .when(
        textReport('SM1', 'undelivered'),
        textSent(1, 'SM1'),
        textSent(1, 'SM2'),
        textReport('SM2', 'delivered'),
        textSent(2, 'SM3'),
        textReport('SM3', 'failed'),
        emailReport('ADA@example.com ', 'bounced'),
        emailReport('bo@example.com', 'temporary'),
      )
      .then(async ({ pool }) => {
        const counts = { texts: 2, emails: 1 };
        expect(await undeliveredReport(pool, broker, MARCH)).toEqual({
          ...counts,
          perOffice: [{ officeId: BROKER, ...counts }],
          perAgent: [{ agentId: AGENT, ...counts }],
        });
        expect((await undeliveredReport(pool, { userId: specId(9), role: 'agent' }, MARCH)).texts).toBe(0);
        const april = { from: new Date('2026-04-01T00:00:00.000Z'), to: new Date('2026-05-01T00:00:00.000Z'), agentId: null };
        expect(await undeliveredReport(pool, broker, april)).toEqual({ texts: 0, emails: 0, perOffice: [], perAgent: [] });
      }));

  it('given two leads of one office and one of another with one address, then a bounce of mail outside the thread counts once per office, and only for the lead it was for when it names it', () =>
    spec
      .given(
        captured({ leadId: lead(1), siteId: SITE, userId: specId(21), email: 'cy@example.com' }),
        assigned(1),
        captured({ leadId: lead(2), siteId: SITE, userId: specId(22), email: 'cy@example.com' }),
        assigned(2),
        captured({ leadId: lead(3), siteId: SITE, userId: specId(23), email: 'cy@example.com' }),
        { type: 'LeadAssigned', data: { leadId: lead(3), siteId: SITE, agentId: specId(4), officeId: specId(5), rule: 'round-robin', ruleVersion: 1 } },
      )
      .when(emailReport('cy@example.com', 'bounced'), {
        ...emailReport('cy@example.com', 'bounced'),
        data: {
          ...emailReport('cy@example.com', 'bounced').data,
          message: { outbox: 'showing-notices', key: `${specId(6)}.invite.0.lead.${lead(3)}`, leadId: lead(3), messageId: null, byUserId: null },
        },
      })
      .then(async ({ pool }) => {
        expect(await undeliveredReport(pool, broker, MARCH)).toMatchObject({ emails: 1, perOffice: [{ officeId: BROKER, emails: 1 }] });
        expect(await undeliveredReport(pool, { userId: specId(9), role: 'staff' }, MARCH)).toMatchObject({
          emails: 3,
          perOffice: [
            { officeId: specId(5), emails: 2 },
            { officeId: BROKER, emails: 1 },
          ],
        });
      }));
});
