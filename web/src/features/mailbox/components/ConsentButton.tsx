import { consentStartUrl } from '../api/mailboxApi';
import styles from './MailboxSetting.module.css';

const LABEL = { gmail: 'Connect with Google', microsoft: 'Connect with Microsoft' } as const;

/** A link, not a script: the consent is a page of Google's or Microsoft's, and the keyboard and a new tab work as for any link. */
export function ConsentButton({ provider, again = false }: { readonly provider: 'gmail' | 'microsoft'; readonly again?: boolean }) {
  return (
    <a className={`btn btn-primary ${styles.consent}`} href={consentStartUrl(provider)}>
      {LABEL[provider]}
      {again ? ' again' : ''}
    </a>
  );
}

/** What the consent came back with (?mailbox=… on the settings view), in the web app's own words. */
export const CONSENT_OUTCOME: Record<string, { readonly ok: boolean; readonly text: string }> = {
  connected: { ok: true, text: 'Your mailbox is connected.' },
  denied: { ok: false, text: 'Access was not allowed, so your mailbox is not connected.' },
  expired: { ok: false, text: 'That sign-in took too long or was already used; please start again.' },
  refused: { ok: false, text: 'Your mail servers refused the sign-in. Check that IMAP is turned on for your mailbox, then try again.' },
  limited: { ok: false, text: 'Too many mailbox tests in the last hour; please try again later.' },
  failed: { ok: false, text: 'The sign-in with your provider could not be finished; please try again.' },
};

/** Reads the consent's outcome once and takes it off the address, so that a reload does not say it again. */
export function takeConsentOutcome(): { readonly ok: boolean; readonly text: string } | null {
  const url = new URL(window.location.href);
  const outcome = url.searchParams.get('mailbox');
  if (outcome === null) return null;
  url.searchParams.delete('mailbox');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return CONSENT_OUTCOME[outcome] ?? null;
}
