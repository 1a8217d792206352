import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../../app/currentUser';
import { Icon } from '../../../ui/Icon';
import { Translatable } from '../../../ui/Translatable';
import { openSignIn } from '../utils/openSignIn';
import { useT } from '../../../ui/translations';

// A visitor's first page carries only the Sign in button: the menu comes with a signed-in user.
const SignedInMenu = lazy(() => import('./SignedInMenu').then((m) => ({ default: m.SignedInMenu })));

/** The header's account entry: Sign in when signed out, the account menu (with Sign out) when signed in. */
export function AccountMenu({ buttonClassName }: { buttonClassName: string }) {
  const t = useT();
  const { ready, user } = useCurrentUser();
  // A click while the menu's code is on its way opens the menu once it is there.
  const [opened, setOpened] = useState(false);

  if (!ready || !user) {
    return (
      <button type="button" className={buttonClassName} onClick={openSignIn} aria-busy={!ready}>
        <Icon name="user" size={18} />
        <span className="label-desktop">
          <Translatable id="header.signIn">Sign in</Translatable>
        </span>
      </button>
    );
  }
  return (
    <Suspense
      fallback={
        <button type="button" className={buttonClassName} aria-expanded={false} aria-busy onClick={() => setOpened(true)}>
          <Icon name="user" size={18} />
          <span className="label-desktop">{user.firstName || t('account.menu', 'Account')}</span>
        </button>
      }
    >
      <SignedInMenu buttonClassName={buttonClassName} initiallyOpen={opened} />
    </Suspense>
  );
}
