import type { FeedCountsView } from '../../api/backoffice';
import bar from './RebuildBar.module.css';
import { runPercent } from './feedFormat';

/** A feed run's live progress: records fetched of the server's count (when it gave one), and what they did. */
export function FeedRunBar({
  name,
  kind,
  counts,
  expectedTotal,
}: {
  name: string;
  kind: 'sync' | 'reconcile';
  counts: FeedCountsView;
  expectedTotal: number | null;
}) {
  const percent = runPercent(counts.fetched, expectedTotal);
  return (
    <div className={bar.wrap}>
      <div
        className={bar.track}
        role="progressbar"
        aria-label={`${kind === 'sync' ? 'Sync' : 'Reconcile'} of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent === null ? `${counts.fetched} records so far` : `${percent}%`}
        data-phase="replaying"
      >
        <div className={bar.fill} style={{ width: `${percent ?? 100}%`, opacity: percent === null ? 0.4 : 1 }} />
      </div>
      <div className={bar.caption}>
        {percent !== null && <strong>{percent}% · </strong>}
        {counts.fetched.toLocaleString('en-US')}
        {expectedTotal !== null && ` / ${expectedTotal.toLocaleString('en-US')}`} records · {counts.imported} new, {counts.changed} changed, {counts.deleted}{' '}
        deleted, {counts.rejected} rejected · <span className={bar.phase}>{kind}</span>
      </div>
    </div>
  );
}
