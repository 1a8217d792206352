import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import { refused } from '../../../tests/support/refused';
import type { BuyerAgreementEvent } from './agreements.events';
import {
  AGREEMENT_NOT_FOUND,
  type AgreementCommand,
  agreementsDecider,
  ALREADY_SIGNED,
  decideAgreement,
  ENDS_BEFORE_START,
  FLAT_POSITIVE,
  HAS_ENDED,
  IS_VOID,
  LINK_REPLACED,
  NAME_REQUIRED,
  PERCENT_RANGE,
} from './agreements.decide';
import { inForceOn, stateOn } from './buyer-agreements';

const NOW = '2031-03-01T12:00:00.000Z';
const TODAY = '2031-03-01';
const ids = { agreementId: 'A1', leadId: 'L1' };
const create = (over: Partial<Extract<AgreementCommand, { kind: 'create' }>> = {}): AgreementCommand => ({
  kind: 'create',
  ...ids,
  agreementType: 'touring',
  compensation: { kind: 'percent', value: 2.5 },
  startsOn: '2031-03-01',
  endsOn: '2031-06-30',
  uploadId: null,
  byUserId: 'U1',
  now: NOW,
  ...over,
});
const drafted: BuyerAgreementEvent = {
  type: 'BuyerAgreementDrafted',
  data: {
    ...ids,
    agreementType: 'touring',
    compensation: { kind: 'percent', value: 2.5 },
    startsOn: '2031-03-01',
    endsOn: '2031-06-30',
    uploadId: null,
    byUserId: 'U1',
    createdAt: NOW,
  },
};
const sent = (linkId: string): BuyerAgreementEvent => ({ type: 'BuyerAgreementSent', data: { ...ids, linkId, byUserId: 'U1', sentAt: NOW } });
const sign = (over: Partial<Extract<AgreementCommand, { kind: 'sign' }>> = {}): AgreementCommand => ({
  kind: 'sign',
  agreementId: 'A1',
  linkId: 'K1',
  name: ' Ann Buyer ',
  ipAddress: '203.0.113.9',
  userAgent: 'Phone/1',
  now: NOW,
  today: TODAY,
  ...over,
});
const signedByLink: BuyerAgreementEvent = {
  type: 'BuyerAgreementSigned',
  data: { ...ids, how: 'link', signedAt: NOW, name: 'Ann Buyer', ipAddress: '203.0.113.9', userAgent: 'Phone/1', uploadId: null, byUserId: null },
};
const voided: BuyerAgreementEvent = { type: 'BuyerAgreementVoided', data: { ...ids, byUserId: 'U1', voidedAt: NOW } };
const given = (...events: BuyerAgreementEvent[]) => fold(agreementsDecider, events);

describe('buyer agreements (given / when / then)', () => {
  it('given nothing, when drafted with good terms, then BuyerAgreementDrafted; the same id again (a retry) appends nothing', () => {
    expect(decideAgreement(create(), given())).toEqual([drafted]);
    expect(decideAgreement(create(), given(drafted))).toEqual([]);
  });

  it('given nothing, when the end is not after the start, a percent outside 0–100 or a flat amount of 0, then 400 naming why', () => {
    expect(refused(() => decideAgreement(create({ endsOn: '2031-03-01' }), given())).message).toBe(ENDS_BEFORE_START);
    expect(refused(() => decideAgreement(create({ compensation: { kind: 'percent', value: 101 } }), given())).message).toBe(PERCENT_RANGE);
    expect(refused(() => decideAgreement(create({ compensation: { kind: 'percent', value: -1 } }), given())).message).toBe(PERCENT_RANGE);
    expect(refused(() => decideAgreement(create({ compensation: { kind: 'flat', value: 0 } }), given())).code).toBe('validation');
    expect(refused(() => decideAgreement(create({ compensation: { kind: 'flat', value: 0 } }), given())).message).toBe(FLAT_POSITIVE);
    expect(decideAgreement(create({ compensation: { kind: 'percent', value: 0 } }), given())).toHaveLength(1);
  });

  it('given a sent agreement, when the lead signs with the newest link, then signed with their name (trimmed), address and browser; a second use 409', () => {
    expect(decideAgreement(sign(), given(drafted, sent('K1')))).toEqual([signedByLink]);
    expect(refused(() => decideAgreement(sign(), given(drafted, sent('K1'), signedByLink))).message).toBe(ALREADY_SIGNED);
  });

  it('given a link replaced by a newer one, when the older signs, then 409; a blank name 400', () => {
    expect(refused(() => decideAgreement(sign(), given(drafted, sent('K1'), sent('K2')))).message).toBe(LINK_REPLACED);
    expect(refused(() => decideAgreement(sign({ name: '  ' }), given(drafted, sent('K1')))).message).toBe(NAME_REQUIRED);
  });

  it('given a void or ended agreement, when sent or signed, then 409', () => {
    expect(refused(() => decideAgreement(sign(), given(drafted, sent('K1'), voided))).message).toBe(IS_VOID);
    expect(refused(() => decideAgreement(sign({ today: '2031-07-01' }), given(drafted, sent('K1')))).message).toBe(HAS_ENDED);
    const send: AgreementCommand = { kind: 'send', agreementId: 'A1', linkId: 'K3', byUserId: 'U1', now: NOW, today: TODAY };
    expect(refused(() => decideAgreement(send, given(drafted, voided))).message).toBe(IS_VOID);
    expect(refused(() => decideAgreement(send, given(drafted, sent('K1'), signedByLink))).message).toBe(ALREADY_SIGNED);
  });

  it('given a draft, when the agent uploads the signed copy, then signed by upload; unknown agreements 404', () => {
    const upload: AgreementCommand = { kind: 'upload-signed', agreementId: 'A1', uploadId: 'f.pdf', byUserId: 'U1', now: NOW, today: TODAY };
    expect(decideAgreement(upload, given(drafted))).toEqual([
      {
        type: 'BuyerAgreementSigned',
        data: { ...ids, how: 'upload', signedAt: NOW, name: null, ipAddress: null, userAgent: null, uploadId: 'f.pdf', byUserId: 'U1' },
      },
    ]);
    expect(refused(() => decideAgreement(upload, given())).message).toBe(AGREEMENT_NOT_FOUND);
  });

  it('given a signed agreement, when voided, then void (once), and it covers no day from then on', () => {
    const v: AgreementCommand = { kind: 'void', agreementId: 'A1', byUserId: 'U1', now: NOW };
    expect(decideAgreement(v, given(drafted, signedByLink))).toEqual([voided]);
    expect(decideAgreement(v, given(drafted, signedByLink, voided))).toEqual([]);
    const [a] = given(drafted, signedByLink, voided).agreements;
    expect([stateOn(a!, TODAY), inForceOn(a!, '2031-04-01')]).toEqual(['void', false]);
  });

  it('given a signed agreement, then it is in force on each day of its term, both ends included, and expired after', () => {
    const [a] = given(drafted, signedByLink).agreements;
    expect(['2031-02-28', '2031-03-01', '2031-06-30', '2031-07-01'].map((d) => inForceOn(a!, d))).toEqual([false, true, true, false]);
    expect([stateOn(a!, TODAY), stateOn(a!, '2031-07-01')]).toEqual(['signed', 'expired']);
    expect(stateOn(given(drafted).agreements[0]!, TODAY)).toBe('draft');
  });

  it('given an agreement, when reminded of its end, then BuyerAgreementReminded once', () => {
    const remind: AgreementCommand = { kind: 'remind', agreementId: 'A1', taskId: 'T1' };
    const reminded: BuyerAgreementEvent = { type: 'BuyerAgreementReminded', data: { ...ids, taskId: 'T1' } };
    expect(decideAgreement(remind, given(drafted, signedByLink))).toEqual([reminded]);
    expect(decideAgreement(remind, given(drafted, signedByLink, reminded))).toEqual([]);
  });
});
