import type { RebuildProgress } from '../../api/backoffice';
import bar from './RebuildBar.module.css';
import { percentOf, timeLeft } from './backofficeFormat';

/** A rebuild's progress: events applied of total, rate, time left and phase. */
export function RebuildBar({ progress: p }: { progress: RebuildProgress }) {
  const percent = percentOf(p);
  const running = p.phase === 'replaying' || p.phase === 'swapping';
  return (
    <div className={bar.wrap}>
      <div
        className={bar.track}
        role="progressbar"
        aria-label={`Rebuild of ${p.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${p.phase})`}
        data-phase={p.phase}
      >
        <div className={bar.fill} style={{ width: `${percent}%` }} />
      </div>
      <div className={bar.caption}>
        <strong>{percent}%</strong> · {p.applied.toLocaleString('en-US')} / {p.total.toLocaleString('en-US')} events
        {running && (
          <>
            {' '}
            · {p.eventsPerSecond.toLocaleString('en-US')} ev/s · {timeLeft(p.secondsLeft)} left
          </>
        )}{' '}
        · <span className={bar.phase}>{p.phase}</span>
      </div>
    </div>
  );
}
