import { request } from './http';

/** The signed-in user (GET /api/account/me), the fields the app shell uses. */
export type CurrentUser = {
  readonly securityLevel: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userDID: string;
  readonly dashboardUrl: string | null;
  /** Set while staff act as this user (impersonation). */
  readonly impersonatorId: string | null;
  readonly impersonationEndsAt: string | null;
};

export const currentUser = () => request<CurrentUser>('GET', '/api/account/me');

/** Ends impersonation: back to the staff member's own session. */
export const endImpersonation = () => request<{ isSuccess: true; callbackUrl: string | null; reload: boolean }>('DELETE', '/api/account/become');
