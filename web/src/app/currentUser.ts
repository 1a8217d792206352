import { useEffect, useState } from 'react';
import { type CurrentUser, currentSession } from '../api/account';

export type CurrentUserState = { readonly ready: boolean; readonly user: CurrentUser | null };

let pending: Promise<CurrentUser | null> | null = null;

/** Asked once per page load (signed out: null); sign-in and impersonation reload the page. */
export const loadCurrentUser = (): Promise<CurrentUser | null> =>
  (pending ??= currentSession().then(
    (s) => (s.signedIn ? s.user : null),
    () => {
      pending = null;
      return null;
    },
  ));

export function useCurrentUser(): CurrentUserState {
  const [state, setState] = useState<CurrentUserState>({ ready: false, user: null });
  useEffect(() => {
    let live = true;
    void loadCurrentUser().then((user) => live && setState({ ready: true, user }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
