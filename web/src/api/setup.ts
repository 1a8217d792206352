import { request } from './http';

export type SetupInput = {
  readonly token: string;
  readonly email: string;
  readonly name: string;
  readonly password: string;
  readonly brokerage: { readonly name: string; readonly brokerEmail: string; readonly brokerName: string; readonly subdomain: string; readonly domain: string | null };
};

export const checkSetupToken = (token: string) => request<void>('POST', '/api/setup/check', { token });
export const runSetup = (input: SetupInput) => request<{ signInUrl: string; siteUrl: string | null }>('POST', '/api/setup', input);
