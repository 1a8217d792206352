import { navigate } from '../../../app/location';

/** Opens the sign-in / sign-up modal the way a link does: showSignIn=1 on the current address. */
export function openSignIn(): void {
  const u = new URL(window.location.href);
  u.searchParams.set('showSignIn', '1');
  navigate(u.pathname + u.search, { replace: true });
}

export function closeSignIn(): void {
  const u = new URL(window.location.href);
  u.searchParams.delete('showSignIn');
  navigate(u.pathname + u.search, { replace: true });
}
