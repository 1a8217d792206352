import type { BodyInput, ResponseOf } from '../../../../src/contract/route';
import { contract } from '../../../../src/contract/routes';
import { api } from '../../api/contract-client';

export type CmaState = ResponseOf<typeof contract.valuation.cma>;
export type CmaComp = CmaState['comps'][number];
export type CompEdit = BodyInput<typeof contract.valuation.saveCma>['comps'][number];
export type FoundSale = ResponseOf<typeof contract.valuation.findCmaSale>['sales'][number];
export type CmaView = ResponseOf<typeof contract.valuation.viewCma>;

export const cmaApi = {
  get: (leadId: string) => api(contract.valuation.cma, { params: { leadId } }),
  save: (leadId: string, version: number, comps: readonly CompEdit[]) =>
    api(contract.valuation.saveCma, { params: { leadId }, body: { version, comps: [...comps] } }),
  find: (leadId: string, q: string) => api(contract.valuation.findCmaSale, { params: { leadId }, query: { q } }),
  send: (leadId: string) => api(contract.valuation.sendCma, { params: { leadId }, body: {} }),
  digest: (leadId: string, on: boolean) => api(contract.valuation.homeDigest, { params: { leadId }, body: { on } }),
  view: (token: string) => api(contract.valuation.viewCma, { params: { token } }),
};

export const money = (n: number) => `${n < 0 ? '−' : ''}$${Math.abs(Math.round(n)).toLocaleString('en-US')}`;
