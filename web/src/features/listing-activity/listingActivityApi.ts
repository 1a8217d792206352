import type { BodyOf, ResponseOf } from '../../../../src/contract/route';
import { contract } from '../../../../src/contract/routes';
import { api } from '../../api/contract-client';

export type ListingActivity = ResponseOf<typeof contract.listingActivity.activity>;
export type ActivityWeek = ListingActivity['weeks'][number];
export type ReportMail = ResponseOf<typeof contract.listingActivity.sellerMails>['mails'][number];
export type MyListing = ResponseOf<typeof contract.leads.myListings>['listings'][number];

export const listingActivityApi = {
  myListings: () => api(contract.leads.myListings, { query: { perpage: '200' } }),
  activity: (pdid: string) => api(contract.listingActivity.activity, { params: { pdid } }),
  sellerLink: (pdid: string) => api(contract.listingActivity.sellerLink, { params: { pdid }, body: {} }),
  mail: (pdid: string, body: BodyOf<typeof contract.listingActivity.sellerMail>) => api(contract.listingActivity.sellerMail, { params: { pdid }, body }),
  forgetSeller: (pdid: string, sendId: string) => api(contract.listingActivity.forgetSeller, { params: { pdid, sendId }, body: {} }),
  mails: (pdid: string) => api(contract.listingActivity.sellerMails, { params: { pdid } }),
  report: (token: string) => api(contract.listingActivity.sellerReport, { params: { token } }),
};
