import type { MemberStatus } from '../../api/backoffice';
import styles from './Backoffice.module.css';

const TONE: Record<MemberStatus, string> = { active: 'good', merged: 'info', offboarding: 'warn', locked: 'bad' };

export function StatusBadge({ status }: { status: MemberStatus }) {
  return (
    <span className={styles.badge} data-tone={TONE[status]}>
      {status}
    </span>
  );
}
