import styles from './MergedFrom.module.css';

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
