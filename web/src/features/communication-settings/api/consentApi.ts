import type { AccountUpdate } from '../../../../../src/contract/account';
import { contract } from '../../../../../src/contract/routes';
import { api } from '../../../api/contract-client';

/** The communication consent an account may change (e-mail, texts, property alerts and updates). */
export type ConsentUpdate = Pick<AccountUpdate, 'UnsubscribeEmail' | 'UnsubscribeText' | 'On_PropertyAlerts' | 'On_PropertyUpdates'>;

export const updateConsent = (body: ConsentUpdate) => api(contract.account.update, { body });
