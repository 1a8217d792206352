import { contract } from '../../../../../src/contract/routes';
import { api, urlOf } from '../../../api/contract-client';

export const changePassword = (CurrentPassword: string, NewPassword: string) =>
  api(contract.account.changePassword, { body: { CurrentPassword, NewPassword } });

/** The confirmation link's token (from /account/verifyemail?token=). */
export const confirmEmail = (token: string) => api(contract.account.confirmEmail, { body: { token } });

/** Erases the signed-in account for good; the password is asked again. */
export const eraseOwnAccount = (password: string) => api(contract.privacy.eraseMine, { body: { password } });
/** Asks for a one-use link by e-mail to confirm erasing the signed-in account (the way without a password). */
export const askErasureLink = () => api(contract.privacy.eraseMine, { body: {} });
/** Erases the account a mailed confirmation link names (the page's button; never on opening the link). */
export const eraseByLink = (token: string) => api(contract.privacy.eraseByLink, { body: { token } });
/** The signed-in person's data as a download (ExportLinks adds `?format=html` for the readable page). */
export const ownExportUrl = () => urlOf(contract.privacy.exportMine);
