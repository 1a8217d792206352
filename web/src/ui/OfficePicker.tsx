import { useEffect, useId, useState } from 'react';
import { navigate, useLocation } from '../app/location';
import { dashboardApi } from '../api/dashboardApi';
import styles from './OfficePicker.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The office staff chose for the board, the pipeline and the office templates (`?office=`, the broker's id): kept across those views and reloads. */
export function useStaffOffice(): [string | null, (officeId: string | null) => void] {
  const office = new URLSearchParams(useLocation().search).get('office');
  const set = (officeId: string | null) => {
    const p = new URLSearchParams(window.location.search);
    if (officeId) p.set('office', officeId);
    else p.delete('office');
    navigate(`${window.location.pathname}?${p.toString()}`, { replace: true });
  };
  return [office && UUID.test(office) ? office : null, set];
}

/**
 * Staff's choice of office (each office is its broker): a labelled select of the brokers on the
 * roster. `none`: what no choice means here ("All offices" on the board; the pipeline and the
 * office templates need one).
 */
export function OfficePicker({
  value,
  onChange,
  none,
}: {
  readonly value: string | null;
  readonly onChange: (officeId: string | null) => void;
  readonly none: string;
}) {
  const id = useId();
  const [brokers, setBrokers] = useState<readonly { userId: string; fullName: string }[] | null>(null);
  useEffect(() => {
    dashboardApi.agents().then(
      (r) =>
        setBrokers(
          r.agents
            .filter((a) => a.securityLevel === 15)
            .map((a) => ({ userId: a.userId, fullName: a.fullName || a.email }))
            .sort((a, b) => a.fullName.localeCompare(b.fullName)),
        ),
      () => setBrokers([]),
    );
  }, []);
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>Office</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} disabled={brokers === null}>
        <option value="">{none}</option>
        {(brokers ?? []).map((b) => (
          <option key={b.userId} value={b.userId}>
            {b.fullName}’s office
          </option>
        ))}
      </select>
    </div>
  );
}
