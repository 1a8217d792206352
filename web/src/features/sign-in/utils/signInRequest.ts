import { useSyncExternalStore } from 'react';
import { safeReturnPath } from '../../../../../src/contract/return-address';

/**
 * The sign-in modal opened by the app itself rather than by a showSignIn=1 link: the sign-up
 * prompt (maybe not dismissable), or 'Email already in use' with the address prefilled.
 */
export type SignInRequest = {
  readonly tab: 'signin' | 'signup';
  readonly dismissable: boolean;
  readonly email?: string;
  /** Shown above the form, e.g. why the visitor is asked to sign in. */
  readonly notice?: string;
};

let current: SignInRequest | null = null;
const listeners = new Set<() => void>();

export function requestSignIn(r: SignInRequest): void {
  current = r;
  listeners.forEach((l) => l());
}

export function clearSignInRequest(): void {
  if (current === null) return;
  current = null;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useSignInRequest = (): SignInRequest | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );

/** After a sign-in or sign-up: the same page again, signed in, without the one-shot showSignIn. */
export function reloadWithoutSignIn(): void {
  // A used reset link is no page to come back to.
  if (window.location.pathname.startsWith('/account/forgotpassword')) return window.location.assign('/account');
  const u = new URL(window.location.href);
  u.searchParams.delete('showSignIn');
  u.searchParams.delete('showprompt');
  if (u.href === window.location.href) window.location.reload();
  else window.location.replace(u.pathname + u.search + u.hash);
}

/** Only a path of this site may be a redirect target (the server's rule: tabs, backslashes and '//' refused). */
export const safeRedirect = (target: string | null): string | null => safeReturnPath(target, window.location.origin);
