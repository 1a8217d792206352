import type { Role } from '../../../api/dashboardApi';
import common from '../../../ui/Tasks.module.css';

/** Whose items a view lists: one's own, or the office's (everyone's, for staff). */
export type Scope = 'mine' | 'office';

type Props = {
  readonly role: Role;
  readonly scope: Scope;
  readonly onScope: (scope: Scope) => void;
  /** The radio group's name, unique on the page. */
  readonly name: string;
  /** Said to screen readers: "Whose tasks", "Whose calendar". */
  readonly legend: string;
};

/** Mine / Office (Everyone for staff) for brokers and staff; an agent sees only their own, so nothing. */
export function ScopeSwitch({ role, scope, onScope, name, legend }: Props) {
  if (role === 'agent') return null;
  return (
    <fieldset className={common.scope}>
      <legend className="visually-hidden">{legend}</legend>
      {(['mine', 'office'] as const).map((s) => (
        <label key={s} className={common.scopeOption}>
          <input type="radio" name={name} value={s} checked={scope === s} onChange={() => onScope(s)} />
          {s === 'mine' ? 'Mine' : role === 'staff' ? 'Everyone' : 'Office'}
        </label>
      ))}
    </fieldset>
  );
}
