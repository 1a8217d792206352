import type { FeedResourceName } from '../../../../../src/contract/feeds';
import { contract } from '../../../../../src/contract/routes';
import { backofficeApi, type FeedForm } from '../../../api/backoffice';
import { api } from '../../../api/contract-client';

export type FeedAuthForm =
  | { readonly kind: 'oauth2'; readonly tokenUrl: string; readonly clientId: string; readonly clientSecret: string; readonly scope: string | null }
  | { readonly kind: 'bearer'; readonly token: string };

/** The feed setup screen's calls: test settings against their server (nothing stored), then save them as the back-office does. */
export const feedSetupApi = {
  test: (url: string, auth: FeedAuthForm, resources: readonly FeedResourceName[], filter: string | null) =>
    api(contract.feeds.test, { body: { url, auth, resources, filter } }),
  save: (form: FeedForm) => backofficeApi.saveFeed(form),
};
