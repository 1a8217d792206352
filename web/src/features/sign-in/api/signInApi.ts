import type { CommunicationMarker } from '../../../../../src/contract/prompt-rules';
import { contract } from '../../../../../src/contract/routes';
import { api } from '../../../api/contract-client';

export const login = (Email: string, password: string) =>
  api(contract.account.login, {
    body: {
      Email,
      password,
      // The offset as the spec's payload has it (minutes, east positive) and the IANA name.
      Timezone: -new Date().getTimezoneOffset(),
      TimezoneName: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
    },
  });

export const logout = () => api(contract.account.logout, { body: {} });

/** Google's ID token, checked by the server. */
export const googleSignIn = (credential: string) => api(contract.account.google, { body: { credential } });
/** Facebook's access token, checked by the server. */
export const facebookSignIn = (accessToken: string) => api(contract.account.facebook, { body: { accessToken } });

export const forgotPassword = (Email: string) => api(contract.account.forgotPassword, { body: { Email } });
export const resetPassword = (token: string, password: string) => api(contract.account.resetPassword, { body: { token, password } });

/** The import opt-in prompt: the imported user agrees to be texted again. */
export const importOptIn = () => api(contract.account.importOptIn, { body: {} });

/** A communication link from an e-mail (the marker and its signed token in the address). */
export const applyCommunicationLink = (token: string, action: CommunicationMarker) => api(contract.account.communication, { body: { token, action } });
