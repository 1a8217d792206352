import { navigate } from '../../../app/location';
import styles from './PhoneBack.module.css';

/** The phone layout: the lead page is a screen of its own; these say how it was opened and how to leave it. */
export const PHONE = '(max-width: 769px)';
const OPENED_FROM_LIST = 'lead-from-list';

/** The dashboard address with this lead open: a new history entry on a phone (so Back returns to the list), in place elsewhere. */
export function openLead(leadId: string, phone: boolean): void {
  const q = new URLSearchParams(window.location.search);
  q.set('lead', leadId);
  q.delete('view');
  navigate(`/dashboard?${q.toString()}`, phone ? { state: OPENED_FROM_LIST } : { replace: true });
}

/** Back to the list: the history entry before the lead when the list opened it, else the same address without the lead. */
export function closeLead(): void {
  if (window.history.state === OPENED_FROM_LIST) {
    window.history.back();
    return;
  }
  const q = new URLSearchParams(window.location.search);
  q.delete('lead');
  const s = q.toString();
  navigate(s ? `/dashboard?${s}` : '/dashboard', { replace: true });
}

/** "Back to leads" above the lead, shown in the phone layout only (where the list is not beside it). */
export function PhoneBack() {
  return (
    <button type="button" className={styles.back} onClick={closeLead}>
      <span aria-hidden="true">←</span> Back to leads
    </button>
  );
}
