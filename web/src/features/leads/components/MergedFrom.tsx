import { Link } from '../../../app/Link';
import styles from './MergedFrom.module.css';
import type { Role } from '../../../api/dashboardApi';

/**
 * Merges that merge (issue 18): what a merged lead brought to the lead it was merged into carries
 * a marker with its name, in the timeline, the conversation and the tasks.
 */
export function MergedFrom({ name }: { readonly name: string | null | undefined }) {
  if (!name) return null;
  return <span className={styles.marker}>merged from {name}</span>;
}

/** The dashboard's current address showing `leadId` instead (a merged lead's old link lands on the survivor). */
export function addressWithLead(leadId: string): string {
  const params = new URLSearchParams(window.location.search);
  params.set('lead', leadId);
  return `${window.location.pathname}?${params.toString()}`;
}

/**
 * Merging is staff's (the back-office's account actions, which fold the duplicate's leads into the
 * kept account's): the lead page takes staff to the lead's account, where "Merge into…" is.
 */
export function MergeLink({ role, userId }: { readonly role: Role; readonly userId: string }) {
  if (role !== 'staff') return null;
  return (
    <p className={styles.mergeLink}>
      A duplicate of another lead? <Link href={`/dashboard/backoffice?user=${encodeURIComponent(userId)}`}>Merge it from the lead’s account</Link>
    </p>
  );
}
