import type { Agent, Role } from '../../../api/dashboardApi';
import { AgentBio } from '../../../ui/AgentBio';
import { MlsIdForm, type MlsIdState } from './MlsIdForm';
import { initials } from '../../../lib/dashboardFormat';
import { ListingClaimsSetting } from './ListingClaimsSetting';
import { ListingAgentForm } from './ListingAgentForm';
import { BioForm } from './BioForm';
import { RoutingSettingsPanel } from '../../office';
import { ScoreRulesPanel } from '../../scores';
import { BehaviourThresholdsPanel } from '../../office';
import { TextRulesSetting } from '../../compliance';
import styles from './TeamPanel.module.css';

/**
 * The office: agents with their bios (each writes their own) and MLS ids (the broker sets or
 * confirms them; an agent gives their own), listings linked to their agents, and (for the broker)
 * who takes part in the round robin.
 */
export function TeamPanel({
  agents,
  role,
  viewerId,
  onToggle,
  onMlsId,
  onBio,
}: {
  agents: readonly Agent[];
  role: Role;
  viewerId: string | null;
  onToggle: (agentId: string, active: boolean) => void;
  onMlsId: (agentId: string, mlsId: string | null) => Promise<MlsIdState>;
  /** The viewer's own bio, saved: shown on their card at once. */
  onBio: (bio: string) => void;
}) {
  return (
    <section className={styles.team} aria-labelledby="team-title">
      <h1 id="team-title">Team</h1>
      <p className={styles.intro}>Leads of the office site go round robin to active agents; an inactive agent is skipped until activated again.</p>
      {role === 'broker' && <ListingClaimsSetting />}
      {role === 'broker' && <RoutingSettingsPanel />}
      {role === 'broker' && <TextRulesSetting />}
      {role !== 'agent' && <ScoreRulesPanel />}
      {role !== 'agent' && <BehaviourThresholdsPanel role={role} />}
      {role !== 'staff' && <ListingAgentForm agents={agents} role={role} viewerId={viewerId} />}
      <ul className={styles.cards}>
        {agents.map((a) => (
          <li key={a.userId} className={styles.card}>
            <div className={styles.cardHead}>
              <span className={styles.avatar} aria-hidden="true">
                {initials(a.fullName)}
              </span>
              <div>
                <h2>{a.fullName}</h2>
                <p className={styles.role}>
                  {a.securityLevel >= 15 ? 'Broker' : 'Agent'} · {a.email}
                </p>
              </div>
              {a.securityLevel === 10 && (
                <span className={styles.state} data-active={a.active}>
                  {a.active ? 'Active' : 'Inactive'}
                </span>
              )}
            </div>
            <AgentBio id={`bio-${a.userId}`} text={a.bio} />
            {a.userId === viewerId && <BioForm current={a.bio} onSaved={onBio} />}
            {a.securityLevel === 10 && (a.userId === viewerId || role !== 'agent') ? (
              <MlsIdForm
                label={a.userId === viewerId ? 'Your MLS agent id' : `MLS agent id of ${a.fullName}`}
                current={a}
                confirms={role !== 'agent'}
                onSave={(mlsId) => onMlsId(a.userId, mlsId)}
              />
            ) : (
              a.mlsId && <p className={styles.mlsId}>MLS id {a.mlsId}</p>
            )}
            {role !== 'agent' && a.securityLevel === 10 && (
              <button type="button" className="btn" onClick={() => onToggle(a.userId, !a.active)}>
                {a.active ? 'Take out of rotation' : 'Put back in rotation'}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
