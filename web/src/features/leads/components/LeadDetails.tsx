import { LeadPlans } from '../../plans';
import { ConsentQuestion, EvidenceDownload } from '../../compliance';
import { useState } from 'react';
import { ApiError } from '../../../api/http';
import type { Agent, FeedLead, Role, TimelineEntry } from '../../../api/dashboardApi';
import { dashboardApi } from '../../../api/dashboardApi';
import { formatPhone, fullDate, initials, relativeTime } from '../../../lib/dashboardFormat';
import { EmailComposer } from '../../conversation';
import { ScoreBadge } from '../../scores';
import styles from './LeadDetails.module.css';
import { LeadCall } from '../../conversation';
import { LeadShowings } from '../../tasks';
import { LeadAgreements } from '../../agreements';
import { LeadNotes } from './LeadNotes';
import { LeadTasks } from '../../tasks';
import { ListingsPushActions } from '../../listings';
import type { NoteView } from '../../../api/tasksApi';
import { LeadWork } from './LeadWork';
import { timelineLabel } from '../../../../../src/contract/timeline-labels';
import { MergedFrom, MergeLink } from './MergedFrom';
import { LeadCma } from '../../cma';

type Props = {
  readonly lead: FeedLead;
  readonly timeline: readonly TimelineEntry[];
  readonly notes: readonly NoteView[];
  readonly viewerId: string | null;
  readonly role: Role;
  readonly agents: readonly Agent[];
  readonly now: number;
  readonly onText: () => void;
  readonly onOpenChat: () => void;
  readonly unread: number;
};

/** One lead: contact, status, where it came from, who has it, and everything it did (newest first). */
export function LeadDetails({ lead, timeline, notes, viewerId, role, agents, now, onText, onOpenChat, unread }: Props) {
  const [reassignTo, setReassignTo] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [emailing, setEmailing] = useState(false);
  const agent = agents.find((a) => a.userId === lead.assignedAgentId);
  const reassign = () => {
    if (!reassignTo) return;
    dashboardApi
      .reassign(lead.leadId, reassignTo)
      .then(() => setNote('Reassigned.'))
      .catch((err: unknown) => setNote(err instanceof ApiError ? err.message : 'Could not reassign'));
  };
  return (
    <article className={styles.details} aria-labelledby="lead-name">
      <header className={styles.head}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(lead.fullName)}
        </span>
        <div className={styles.who}>
          <h2 id="lead-name">{lead.fullName}</h2>
          <p className={styles.meta}>
            {lead.leadType} lead from {lead.source}
            {lead.siteName || lead.site ? ` on ${lead.siteName ?? lead.site}` : ''}
          </p>
        </div>
        <div className={styles.actions}>
          <ScoreBadge leadId={lead.leadId} score={lead.score} />
          <button type="button" className="btn btn-primary" onClick={onOpenChat}>
            Conversation{unread > 0 ? ` (${unread} unread)` : ''}
          </button>
          <button type="button" className="btn" onClick={onText}>
            Text
          </button>
          <button type="button" className="btn" onClick={() => setEmailing((v) => !v)} aria-expanded={emailing}>
            E-mail
          </button>
        </div>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Phone</dt>
          <dd>{lead.phone ? <a href={`tel:${lead.phone}`}>{formatPhone(lead.phone)}</a> : '—'}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${lead.email}`}>{lead.email}</a>
          </dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd title={fullDate(lead.createdAt)}>{relativeTime(lead.createdAt, now)}</dd>
        </div>
        <div>
          <dt>Last activity</dt>
          <dd title={fullDate(lead.lastActivityAt)}>{relativeTime(lead.lastActivityAt, now)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{lead.status === 'new' ? 'New' : 'Contacted'}</dd>
        </div>
        <div>
          <dt>Agent</dt>
          <dd>{agent?.fullName ?? (lead.assignedAgentId ? 'Assigned' : lead.inPond ? 'In the office pond (the office answers its chat)' : 'Routing…')}</dd>
        </div>
      </dl>
      <MergeLink role={role} userId={lead.userId} />
      {emailing && <EmailComposer leadId={lead.leadId} leadName={lead.fullName} onClose={() => setEmailing(false)} />}
      <LeadWork lead={lead} />
      {role !== 'agent' && agents.length > 0 && (
        <div className={styles.reassign}>
          <label htmlFor="reassign-agent">Reassign to</label>
          <select id="reassign-agent" value={reassignTo} onChange={(e) => setReassignTo(e.target.value)}>
            <option value="">Choose an agent</option>
            {agents
              .filter((a) => a.userId !== lead.assignedAgentId)
              .map((a) => (
                <option key={a.userId} value={a.userId}>
                  {a.fullName}
                  {a.active ? '' : ' (inactive)'}
                </option>
              ))}
          </select>
          <button type="button" className="btn" onClick={reassign} disabled={!reassignTo}>
            Reassign
          </button>
          {note && <span role="status">{note}</span>}
        </div>
      )}
      <ConsentQuestion leadId={lead.leadId} timeline={timeline} />
      <LeadCall leadId={lead.leadId} phone={lead.phone} />
      <LeadAgreements leadId={lead.leadId} leadName={lead.fullName} />
      <LeadShowings
        leadId={lead.leadId}
        listingPdid={lead.listingPdid}
        changedAt={timeline.find((t) => t.type.startsWith('Showing') && t.type !== 'ShowingRequested')?.at}
      />
      <ListingsPushActions leadId={lead.leadId} leadName={lead.fullName} />
      {timeline.some((t) => t.type === 'HomeValueRequested') && <LeadCma leadId={lead.leadId} />}
      <LeadPlans leadId={lead.leadId} changedAt={timeline.find((t) => t.type.startsWith('Plan'))?.at} />
      <LeadTasks leadId={lead.leadId} leadName={lead.fullName} role={role} agents={agents} now={now} />
      <LeadNotes
        leadId={lead.leadId}
        notes={notes}
        viewerId={viewerId}
        viewerName={agents.find((a) => a.userId === viewerId)?.fullName ?? 'You'}
        role={role}
        now={now}
      />
      <section aria-labelledby="timeline-title" className={styles.timelineBox}>
        <h3 id="timeline-title">Timeline</h3>
        <ol className={styles.timeline}>
          {timeline.map((t, i) => (
            <li key={`${t.at}-${i}`} className={styles.entry} data-type={t.type}>
              <span className={styles.kind}>{timelineLabel(t.type)}</span>
              <span className={styles.summary}>
                {t.summary}
                <MergedFrom name={t.mergedFrom} />
              </span>
              <time dateTime={t.at} title={fullDate(t.at)} className={styles.when}>
                {relativeTime(t.at, now)}
              </time>
            </li>
          ))}
        </ol>
      </section>
      <EvidenceDownload leadId={lead.leadId} />
    </article>
  );
}
