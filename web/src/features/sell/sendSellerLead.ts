import { contract } from '../../../../src/contract/routes';
import type { InquiryPayload } from '../../api/account';
import { api } from '../../api/contract-client';
import type { ValuedHome } from './HomeValue';

/** The /sell form once the home was valued: the inquiry's fields with the home, so the lead carries its value. */
export const sendSellerLead =
  (home: ValuedHome) =>
  ({ LeadType: _type, pdid: _pdid, ResumeUrl: _resume, ...fields }: InquiryPayload) =>
    api(contract.valuation.sellerLead, { body: { ...fields, Home: home } });
