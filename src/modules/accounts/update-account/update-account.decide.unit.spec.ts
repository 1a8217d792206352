import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { AccountEvent, ConsentChannel } from '../accounts.events';
import { type ConsentSource, decideUpdateAccount, type UpdateAccount, updateAccountDecider } from './update-account.decide';
import { refused } from '../../../../tests/support/refused';

const U = 'u1';
const at = '2026-01-01T00:00:00.000Z';
const settings: ConsentSource = { how: 'account-settings', from: 'account settings on jane', at };
const optInModal: ConsentSource = { how: 'import-opt-in', from: 'import opt-in on jane', at };
const PHOTO = '/uploads/photos/u1/a.jpg';

const given = (...events: AccountEvent[]) => fold(updateAccountDecider, events);
const registered = (over: { cellPhone?: string | null; isImport?: boolean } = {}): AccountEvent => ({
  type: 'UserRegistered',
  data: {
    userId: U,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    securityLevel: 5,
    siteId: 's1',
    officeId: null,
    cellPhone: over.cellPhone ?? null,
    isImport: over.isImport ?? false,
    via: 'inquiry',
  },
});
const consentChanged = (channel: ConsentChannel, granted: boolean, source: ConsentSource = settings): AccountEvent => ({
  type: 'ConsentChanged',
  data: { userId: U, channel, granted, ...source },
});
const photoChanged = (photoLocation: string | null): AccountEvent => ({ type: 'PhotoChanged', data: { userId: U, photoLocation } });
const update = (c: Partial<UpdateAccount>): UpdateAccount => ({ userId: U, consent: {}, source: settings, ...c });

describe('UpdateAccount (given / when / then)', () => {
  it("given no account, when updated, then unauthorized 'Please sign in'", () => {
    expect(refused(() => decideUpdateAccount(update({ cellPhone: '2065550100' }), given()))).toMatchObject({ code: 'unauthorized', message: 'Please sign in' });
  });

  it('given a registered account, when nothing is named, then nothing', () => {
    expect(decideUpdateAccount(update({}), given(registered()))).toEqual([]);
  });

  it('given an account without a cell phone, when a cell phone is given, then CellPhoneChanged', () => {
    expect(decideUpdateAccount(update({ cellPhone: '2065550100' }), given(registered()))).toEqual([
      { type: 'CellPhoneChanged', data: { userId: U, cellPhone: '2065550100' } },
    ]);
  });

  it('given a cell phone from registration, when another one is given, then CellPhoneChanged; when the same one, then nothing', () => {
    const state = given(registered({ cellPhone: '2065550100' }));
    expect(decideUpdateAccount(update({ cellPhone: '2065550199' }), state)).toEqual([
      { type: 'CellPhoneChanged', data: { userId: U, cellPhone: '2065550199' } },
    ]);
    expect(decideUpdateAccount(update({ cellPhone: '2065550100' }), state)).toEqual([]);
  });

  it('given the cell phone changed once, when that phone is given again, then nothing', () => {
    const changed: AccountEvent = { type: 'CellPhoneChanged', data: { userId: U, cellPhone: '2065550199' } };
    expect(decideUpdateAccount(update({ cellPhone: '2065550199' }), given(registered({ cellPhone: '2065550100' }), changed))).toEqual([]);
  });

  it('given no photo, when a photo is given, then PhotoChanged; when the photo is removed (null), then nothing', () => {
    expect(decideUpdateAccount(update({ photoLocation: PHOTO }), given(registered()))).toEqual([
      { type: 'PhotoChanged', data: { userId: U, photoLocation: PHOTO } },
    ]);
    expect(decideUpdateAccount(update({ photoLocation: null }), given(registered()))).toEqual([]);
  });

  it('given a photo, when it is removed, then PhotoChanged to null; when the same photo is given, then nothing; when the photo is not named, then nothing', () => {
    const state = given(registered(), photoChanged(PHOTO));
    expect(decideUpdateAccount(update({ photoLocation: null }), state)).toEqual([{ type: 'PhotoChanged', data: { userId: U, photoLocation: null } }]);
    expect(decideUpdateAccount(update({ photoLocation: PHOTO }), state)).toEqual([]);
    expect(decideUpdateAccount(update({ photoLocation: undefined }), state)).toEqual([]);
  });

  it('given consent to every channel (registration), when e-mail is withdrawn and alerts are kept, then one ConsentChanged for e-mail with the source', () => {
    expect(decideUpdateAccount(update({ consent: { email: false, propertyAlerts: true } }), given(registered()))).toEqual([
      { type: 'ConsentChanged', data: { userId: U, channel: 'email', granted: false, how: 'account-settings', from: 'account settings on jane', at } },
    ]);
  });

  it('given e-mail withdrawn, when e-mail is withdrawn again, then nothing; when it is granted again, then ConsentChanged granted', () => {
    const state = given(registered(), consentChanged('email', false));
    expect(decideUpdateAccount(update({ consent: { email: false } }), state)).toEqual([]);
    expect(decideUpdateAccount(update({ consent: { email: true } }), state)).toEqual([consentChanged('email', true)]);
  });

  it('given a registered account, when a channel is named undefined, then nothing for it', () => {
    expect(decideUpdateAccount(update({ consent: { email: undefined, text: undefined } }), given(registered()))).toEqual([]);
  });

  it('given a registered account, when several channels change, then one ConsentChanged per changed channel, in the order named', () => {
    expect(decideUpdateAccount(update({ consent: { propertyUpdates: false, email: true, text: false } }), given(registered()))).toEqual([
      consentChanged('propertyUpdates', false),
      consentChanged('text', false),
    ]);
  });

  it('given an imported contact (texts off), when it opts in from the modal, then ImportOptedIn and ConsentChanged for texts from the modal', () => {
    const imported = given(registered({ isImport: true }), consentChanged('text', false, { how: 'registration', from: 'import', at }));
    expect(decideUpdateAccount(update({ consent: { text: true }, importOptIn: true, source: optInModal }), imported)).toEqual([
      { type: 'ImportOptedIn', data: { userId: U } },
      { type: 'ConsentChanged', data: { userId: U, channel: 'text', granted: true, how: 'import-opt-in', from: 'import opt-in on jane', at } },
    ]);
  });

  it('given an imported contact who opted in, when it opts in again, then nothing', () => {
    const optedIn = given(
      registered({ isImport: true }),
      consentChanged('text', false),
      { type: 'ImportOptedIn', data: { userId: U } },
      consentChanged('text', true, optInModal),
    );
    expect(decideUpdateAccount(update({ consent: { text: true }, importOptIn: true, source: optInModal }), optedIn)).toEqual([]);
  });

  it('given an imported contact, when importOptIn is false, then no ImportOptedIn', () => {
    expect(decideUpdateAccount(update({ importOptIn: false }), given(registered({ isImport: true })))).toEqual([]);
  });

  it('given a registered account, when phone, photo and consent change at once, then the events in order: phone, photo, consents', () => {
    expect(decideUpdateAccount(update({ cellPhone: '2065550100', photoLocation: PHOTO, consent: { text: false, email: false } }), given(registered()))).toEqual(
      [
        { type: 'CellPhoneChanged', data: { userId: U, cellPhone: '2065550100' } },
        { type: 'PhotoChanged', data: { userId: U, photoLocation: PHOTO } },
        consentChanged('text', false),
        consentChanged('email', false),
      ],
    );
  });

  it('given an update decided and folded, when the same update comes again (a retry), then nothing', () => {
    const c = update({ cellPhone: '2065550100', photoLocation: PHOTO, consent: { text: false } });
    const first = decideUpdateAccount(c, given(registered()));
    expect(first).toHaveLength(3);
    expect(decideUpdateAccount(c, given(registered(), ...first))).toEqual([]);
  });
});
