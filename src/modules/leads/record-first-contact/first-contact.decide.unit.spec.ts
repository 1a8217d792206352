import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { assigned, captured, firstContacted, LEAD_USER, stageChanged } from '../../../../tests/support/lead-events';
import { DEFAULT_PIPELINE, nextPipeline } from '../../office/office.events';
import { type LeadEvent } from '../leads.events';
import { decideFirstContact, firstContactDecider, type RecordFirstContact } from './first-contact.decide';

const given = (...events: LeadEvent[]) => fold(firstContactDecider, events);
const AT = '2026-01-01T01:00:00.000Z';
const contact = (via: RecordFirstContact['via'], byUserId = 'A1', pipeline = DEFAULT_PIPELINE): RecordFirstContact => ({ via, byUserId, at: AT, pipeline });
const auto = (fromStage: string, stage: string) => stageChanged(fromStage, stage, null);

describe('first contact (given / when / then)', () => {
  it('given a new lead in New, when its agent texts it, then LeadFirstContacted at the text’s time and New → Attempted contact by the system', () => {
    expect(decideFirstContact(contact('text'), given(captured(), assigned('A1')))).toEqual([
      firstContacted('A1', 'text', AT),
      auto('New', 'Attempted contact'),
    ]);
  });

  it('given a new lead, when the agent chats, then first contact via chat', () => {
    expect(decideFirstContact(contact('chat'), given(captured(), assigned('A1')))[0]).toEqual(firstContacted('A1', 'chat', AT));
  });

  it('given a lead the agent moved from New to Active, when that stage change is the first action, then first contact via stage and no automatic move', () => {
    expect(decideFirstContact(contact('stage'), given(captured(), assigned('A1'), stageChanged('New', 'Active')))).toEqual([firstContacted('A1', 'stage', AT)]);
  });

  it('given a lead the agent moved back into New, when that is the first action, then no automatic move either (the agent chose)', () => {
    const state = given(captured(), assigned('A1'), stageChanged('New', 'Lost'), stageChanged('Lost', 'New'));
    expect(decideFirstContact(contact('stage'), state)).toEqual([firstContacted('A1', 'stage', AT)]);
  });

  it('given a lead already contacted, when another action comes, then nothing (once per lead)', () => {
    expect(decideFirstContact(contact('chat', 'A2'), given(captured(), assigned('A1'), firstContacted()))).toEqual([]);
  });

  it('when the lead itself is the one acting, then nothing', () => {
    expect(decideFirstContact(contact('chat', LEAD_USER), given(captured(), assigned('A1')))).toEqual([]);
  });

  it('given no lead, then nothing (a reactor never fails on it)', () => {
    expect(decideFirstContact(contact('text'), given())).toEqual([]);
  });

  it("given an office that renamed 'Attempted contact' to 'Tried', then the lead moves to Tried; without such a stage, it stays", () => {
    const renamed = nextPipeline(
      DEFAULT_PIPELINE,
      DEFAULT_PIPELINE.stages.map((s) => (s === 'Attempted contact' ? 'Tried' : s)),
      [{ from: 'Attempted contact', to: 'Tried' }],
    );
    expect(decideFirstContact(contact('text', 'A1', renamed), given(captured(), assigned('A1')))[1]).toEqual(auto('New', 'Tried'));
    const without = nextPipeline(
      DEFAULT_PIPELINE,
      DEFAULT_PIPELINE.stages.filter((s) => s !== 'Attempted contact'),
      [],
    );
    expect(decideFirstContact(contact('text', 'A1', without), given(captured(), assigned('A1')))).toEqual([firstContacted('A1', 'text', AT)]);
  });

  it("given an office whose first stage is 'Fresh' (no 'New'), then a new lead still counts as in the first stage", () => {
    const fresh = nextPipeline(DEFAULT_PIPELINE, ['Fresh', 'Attempted contact', 'Done'], [{ from: 'New', to: 'Fresh' }]);
    expect(decideFirstContact(contact('text', 'A1', fresh), given(captured(), assigned('A1')))[1]).toEqual(auto('New', 'Attempted contact'));
  });
});
