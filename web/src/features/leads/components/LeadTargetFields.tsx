import { useId } from 'react';
import forms from '../../../ui/forms.module.css';
import type { Agent, Role } from '../../../api/dashboardApi';
import type { LeadSite } from '../api/leadIoApi';

/** The agents of the broker's office, whom a broker may add or import leads for. */
export const officeAgentsOf = (agents: readonly Agent[], viewerId: string | null) => agents.filter((a) => a.securityLevel === 10 && a.officeId === viewerId);

/**
 * Which site a new lead goes to (shown only with more than one: the first is the default) and,
 * for a broker, which agent gets it (the broker by default).
 */
export function LeadTargetFields(p: {
  readonly sites: readonly LeadSite[];
  readonly role: Role;
  readonly agents: readonly Agent[];
  readonly viewerId: string | null;
  readonly siteId: string;
  readonly onSite: (siteId: string) => void;
  readonly agentId: string;
  readonly onAgent: (agentId: string) => void;
}) {
  const id = useId();
  const officeAgents = p.role === 'broker' ? officeAgentsOf(p.agents, p.viewerId) : [];
  if (p.sites.length < 2 && officeAgents.length === 0) return null;
  return (
    <div className={forms.row}>
      {p.sites.length > 1 && (
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-site`}>
            Site
          </label>
          <select id={`${id}-site`} className={forms.input} value={p.siteId} onChange={(e) => p.onSite(e.target.value)}>
            {p.sites.map((s, i) => (
              <option key={s.siteId} value={i === 0 ? '' : s.siteId}>
                {s.name} ({s.subdomain})
              </option>
            ))}
          </select>
        </div>
      )}
      {officeAgents.length > 0 && (
        <div className={forms.field}>
          <label className={forms.label} htmlFor={`${id}-agent`}>
            Agent
          </label>
          <select id={`${id}-agent`} className={forms.input} value={p.agentId} onChange={(e) => p.onAgent(e.target.value)}>
            <option value="">Me</option>
            {officeAgents.map((a) => (
              <option key={a.userId} value={a.userId}>
                {a.fullName}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
