import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import { type Push, type PushName, useRealtime } from '../../../api/realtime';
import { Link } from '../../../app/Link';
import { navigate, useLocation } from '../../../app/location';
import { addressWithLead } from '../../leads';
import { useLeadDetails } from '../../leads';
import { useMediaQuery } from '../../../ui/useMediaQuery';
import { useSite } from '../../../app/useSite';
import type { Subscribe } from '../../conversation';
import { ConversationPanel } from '../../conversation';
import { conversationApi } from '../../conversation';
import { type Agent, dashboardApi, type FeedLead, type FeedResponse, type Filters } from '../../../api/dashboardApi';
import { matchesSimple, placesPushedLeads } from '../../../lib/leadFilters';
import { LeadListPane } from '../../leads';
import { openLead, PHONE, PhoneBack } from './PhoneBack';
import { useSmartLists } from '../../leads';
import { useDebounced, useUrlFilters } from '../../../lib/useUrlFilters';
import styles from './DashboardPage.module.css';
import { LeadDetails } from '../../leads';
import { DashboardNav } from './DashboardNav';
import { type DashboardView, LEAD_LIST, needsLeadList, viewOf } from '../views';
import { useCurrentUser } from '../../../app/currentUser';
import { sessionViewer } from '../utils/sessionViewer';
import { PondSection } from '../../office';
import { BehaviourAlerts } from '../../office';
import { PushLedger } from '../utils/pushLedger';
import { agentZone } from '../../../api/tasksApi';
import { TextMessageDialog } from '../../conversation';
import { AddLeadDialog } from '../../leads';
import { leadIoApi } from '../../leads';
import { LiveIndicator } from '../../../ui/LiveIndicator';

/** How many times a catch-up asks feed/since before leaving it to the next reconnection. */
const CATCH_UP_TRIES = 5;

const PUSHES: readonly PushName[] = [
  'lead.captured',
  'lead.activity',
  'lead.stage',
  'chat.message',
  'chat.read',
  'lead.pond',
  'lead.claimed',
  'lead.merged',
  'thread.item',
  'thread.read',
  'calendar.changed',
  'lead.behaviour',
];

/**
 * /dashboard for agents, brokers and staff: the live lead feed (new leads slide in), the
 * selected lead with its timeline, the chat, texts to selected leads, and the team. Pushes come
 * over socket.io; after a reconnect the page asks feed/since for what it missed and drops
 * anything it already has.
 */
export function DashboardPage({ views }: { readonly views: readonly DashboardView[] }) {
  const loc = useLocation();
  const params = new URLSearchParams(loc.search);
  const selectedId = params.get('lead');
  const { site } = useSite();
  const cap = Number(site?.settings.MMSBulkSendCap ?? 50) || 50;

  const [feed, setFeed] = useState<FeedResponse | null>(null);
  const [failure, setFailure] = useState<{ status: number; message: string } | null>(null);
  const session = useCurrentUser();
  // The session says who is looking before the lead list comes (the app shell asked for it already).
  const fromSession = useMemo(() => sessionViewer(session.user), [session.user]);
  const me = feed?.me ?? fromSession;
  const view = viewOf(views, params.get('view'), me?.role);
  const wantsList = needsLeadList(view);
  const [filters, setFilters] = useUrlFilters(loc.search);
  const phone = useMediaQuery(PHONE);
  // The counts are a count each over every lead in scope: only the list shows them.
  const smart = useSmartLists(view.View === null);
  const [loading, setLoading] = useState(true);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [unread, setUnread] = useState<Readonly<Record<string, number>>>({});
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const { details, loading: leadLoading, failed: leadFailed, update: updateLead, reload: reloadLead } = useLeadDetails(selectedId);
  const [agents, setAgents] = useState<readonly Agent[]>([]);
  const [chatOpen, setChatOpen] = useState(params.get('chat') === '1');
  const [texting, setTexting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [now, setNow] = useState(Date.now());
  const ledger = useRef(new PushLedger());
  // Pushes heard before the first lead list came: handled once it is there (it may not hold them yet).
  const early = useRef<Push[] | null>([]);
  const listeners = useRef(new Set<(p: Push) => void>());
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  useEffect(() => {
    document.title = 'Dashboard';
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);

  // The view's code comes while the feed is on its way.
  useEffect(() => void view.preload?.(), [view]);

  const loadFeed = useCallback((f: Filters) => {
    setLoading(true);
    dashboardApi
      .feed(f)
      .then((r) => {
        setFeed(r);
        setFailure(null);
        ledger.current.advance(r.position);
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError) setFailure({ status: err.status, message: err.message });
      })
      .finally(() => setLoading(false));
  }, []);
  // Other views do without the list (they render for the session's viewer); going back to it loads it.
  useEffect(() => {
    if (wantsList) loadFeed(filters);
  }, [filters, loadFeed, wantsList]);
  // Filtered or sorted otherwise than by newest activity, the server places pushed leads.
  const reloadSoon = useDebounced(() => loadFeed(filtersRef.current), 1000);
  useEffect(() => {
    void conversationApi.unread().then(
      (u) => setUnread(u.byLead),
      () => undefined,
    );
    void dashboardApi.agents().then(
      (a) => setAgents(a.agents),
      () => undefined,
    );
    // The first visit offers the browser's time zone for the agent's tasks (kept once set).
    void agentZone();
  }, []);

  const upsert = useCallback(
    (lead: FeedLead, isNew: boolean) => {
      if (!placesPushedLeads(filtersRef.current)) reloadSoon();
      else
        setFeed((f) => {
          if (!f) return f;
          const others = f.leads.filter((l) => l.leadId !== lead.leadId);
          if (!matchesSimple(lead, filtersRef.current)) return { ...f, leads: others };
          return { ...f, leads: [lead, ...others], total: f.total + (others.length === f.leads.length ? 1 : 0) };
        });
      if (isNew) setFresh((s) => new Set(s).add(lead.leadId));
    },
    [reloadSoon],
  );

  const handle = useCallback(
    (p: Push) => {
      if (early.current && wantsList) {
        early.current.push(p);
        return;
      }
      const l = ledger.current;
      if (!l.accept(p)) return;
      const x = p.payload;
      const leadId = String(x.leadId);
      if (p.name === 'lead.captured' || p.name === 'lead.activity' || p.name === 'lead.pond' || p.name === 'lead.claimed' || p.name === 'lead.merged')
        smart.reloadSoon();
      if (p.name === 'lead.activity' && !placesPushedLeads(filtersRef.current)) reloadSoon();
      if (p.name === 'lead.captured' || p.name === 'lead.pond') {
        // A lead back from the pond is captured anew (by whoever claims it).
        if (p.name === 'lead.pond') l.forget(leadId);
        void dashboardApi.lead(leadId).then(
          (d) => upsert(d.lead, true),
          () => undefined,
        );
      } else if (p.name === 'lead.claimed') {
        // Another agent claimed a pond lead: it is gone from this agent's list at once.
        if (me?.role === 'agent' && x.agentId !== me.userId) {
          setFeed((f) =>
            f && f.leads.some((o) => o.leadId === leadId) ? { ...f, leads: f.leads.filter((o) => o.leadId !== leadId), total: Math.max(0, f.total - 1) } : f,
          );
        }
      } else if (p.name === 'lead.merged') {
        // Merged into another lead (issue 18): it leaves the list, the lead it joined is read again, an open one moves there.
        const into = String(x.intoLeadId);
        l.forget(leadId);
        setFeed((f) =>
          f && f.leads.some((o) => o.leadId === leadId) ? { ...f, leads: f.leads.filter((o) => o.leadId !== leadId), total: Math.max(0, f.total - 1) } : f,
        );
        void dashboardApi.lead(into).then(
          (d) => upsert(d.lead, false),
          () => undefined,
        );
        if (selectedRef.current === leadId) navigate(addressWithLead(into), { replace: true });
        else if (selectedRef.current === into) reloadLead(into);
      } else if (p.name === 'lead.activity') {
        if (typeof x.assignedAgentId === 'string' && me?.role === 'agent' && x.assignedAgentId !== me.userId) {
          setFeed((f) => (f ? { ...f, leads: f.leads.filter((o) => o.leadId !== leadId), total: Math.max(0, f.total - 1) } : f));
          l.forget(leadId);
          return;
        }
        setFeed((f) => {
          if (!f) return f;
          const found = f.leads.find((o) => o.leadId === leadId);
          if (!found) return f;
          const moved = { ...found, lastActivityAt: String(x.at) };
          return { ...f, leads: [moved, ...f.leads.filter((o) => o.leadId !== leadId)] };
        });
        // Status (contacted) and phone can change with an activity: take the row as the server has it.
        void dashboardApi.lead(leadId).then(
          (d) => {
            setFeed((f) => (f ? { ...f, leads: f.leads.map((o) => (o.leadId === leadId ? d.lead : o)) } : f));
            // The timeline as read names homes by address (a push says 'a home').
            if (selectedRef.current === leadId) updateLead(leadId, (cur) => ({ ...cur, lead: d.lead, timeline: d.timeline }));
          },
          () => undefined,
        );
        if (selectedRef.current === leadId) {
          updateLead(leadId, (d) => ({
            ...d,
            lead: { ...d.lead, lastActivityAt: String(x.at) },
            timeline: [{ type: String(x.type), at: String(x.at), summary: String(x.summary) }, ...d.timeline],
          }));
        }
      } else if (
        p.name === 'thread.item' &&
        me &&
        x.agentId === me.userId &&
        (x.item as { direction: string }).direction === 'in' &&
        !(chatOpen && selectedRef.current === leadId)
      ) {
        // Anything the lead sends, on any channel, is unread until the agent opens the conversation.
        setUnread((u) => ({ ...u, [leadId]: (u[leadId] ?? 0) + 1 }));
      } else if (p.name === 'thread.read' && me && x.readerId === me.userId) {
        setUnread((u) => (u[leadId] ? { ...u, [leadId]: 0 } : u));
      }
      for (const fn of listeners.current) fn(p);
    },
    [upsert, me, chatOpen, smart, reloadSoon, updateLead, reloadLead, wantsList],
  );
  useEffect(() => {
    if (!feed || !early.current) return;
    const heard = early.current;
    early.current = null;
    for (const p of heard) handle(p);
  }, [feed, handle]);

  const catchUp = useCallback(
    (reconnected: boolean) => {
      const l = ledger.current;
      if (!reconnected || !l.position) return;
      // Fixed now: pushes handled while the answer is awaited (or retried) move the ledger past
      // what this catch-up is for.
      const since = l.position;
      const ask = (attempt: number): void => {
        dashboardApi
          .since(since)
          .then((r) => {
            if (r.reset) return loadFeed(filtersRef.current);
            for (const e of r.events) handle({ name: e.name as PushName, payload: e.payload });
            l.advance(r.position);
          })
          .catch(() => {
            // The instance that answered may be the one going away: ask again, from the same place.
            if (attempt < CATCH_UP_TRIES) setTimeout(() => ask(attempt + 1), 1000 * attempt);
          });
      };
      ask(1);
    },
    [handle, loadFeed],
  );
  // The socket connects at once, on every view: it needs no list to be heard on.
  const { connected } = useRealtime(PUSHES, handle, catchUp);

  const subscribe: Subscribe = useCallback((fn) => {
    listeners.current.add(fn);
    return () => listeners.current.delete(fn);
  }, []);

  const select = (leadId: string) => {
    openLead(leadId, phone);
    setFresh((s) => {
      const n = new Set(s);
      n.delete(leadId);
      return n;
    });
  };
  const goView = (v: string) => {
    // Staff's chosen office (`office`) stays with them from view to view.
    const q = new URLSearchParams(v === LEAD_LIST ? '' : `view=${v}`);
    const office = new URLSearchParams(window.location.search).get('office');
    if (office) q.set('office', office);
    navigate(`/dashboard${q.size ? `?${q.toString()}` : ''}`, { replace: true });
  };
  const clearUnread = useCallback((leadId: string) => setUnread((u) => (u[leadId] ? { ...u, [leadId]: 0 } : u)), []);

  const refused = failure && !feed ? failure : session.ready && !me ? { status: session.user ? 403 : 401, message: '' } : null;
  if (refused) {
    return (
      <main id="main" className="simple-page">
        <h1>Dashboard</h1>
        <p role="alert">
          {refused.status === 401
            ? 'Please sign in as an agent or broker to see your leads.'
            : refused.status === 403
              ? 'The dashboard is for agents, brokers and staff.'
              : refused.message}
        </p>
        {refused.status === 401 && <Link href="/account/login/admin?redirecturl=%2Fdashboard">Sign in</Link>}
      </main>
    );
  }

  const selectedUnread = selectedId ? (unread[selectedId] ?? 0) : 0;
  const unreadTotal = Object.values(unread).reduce((n, u) => n + u, 0);
  return (
    <main id="main" className={styles.page}>
      <div className={styles.toolbar}>
        <DashboardNav
          views={views}
          view={view.id}
          role={me?.role ?? 'agent'}
          goView={goView}
          onAddLead={() => setAdding(true)}
          onTextSelected={() => setTexting(true)}
          checkedCount={checked.size}
          fresh={fresh.size}
        />
        <LiveIndicator connected={connected} offline="Connecting…" announce />
        {unreadTotal > 0 && (
          <span className={styles.unreadTotal} role="status">
            {unreadTotal} unread
          </span>
        )}
      </div>
      {view.id === LEAD_LIST && me && <PondSection subscribe={subscribe} role={me.role} connected={connected} now={now} onClaimed={select} />}
      {view.id === LEAD_LIST && me && <BehaviourAlerts subscribe={subscribe} connected={connected} now={now} onOpen={select} />}
      {view.View && !me ? (
        // A view shows what the viewer's role allows: it waits for the session that says who that is.
        <p role="status">Loading…</p>
      ) : view.View && me ? (
        <Suspense fallback={<p role="status">Loading…</p>}>
          <SettingsGutter on={view.place === 'settings'}>
            <view.View
              role={me.role}
              viewerId={me.userId}
              agents={agents}
              setAgents={setAgents}
              now={now}
              subscribe={subscribe}
              connected={connected}
              onOpenLead={select}
              leads={feed?.leads ?? []}
              checked={[...checked]}
              goView={goView}
              reloadFeed={() => loadFeed(filtersRef.current)}
            />
          </SettingsGutter>
        </Suspense>
      ) : (
        <div className={styles.columns} data-chat={chatOpen && !!details} data-lead-open={!!selectedId}>
          <LeadListPane
            leads={feed?.leads ?? []}
            total={feed?.total ?? 0}
            sources={feed?.sources ?? []}
            filters={filters}
            onFilters={setFilters}
            agents={agents}
            role={me?.role ?? 'agent'}
            smart={smart}
            selectedId={selectedId}
            onSelect={select}
            fresh={fresh}
            unread={unread}
            checked={checked}
            onCheck={(id, on) =>
              setChecked((s) => {
                const n = new Set(s);
                if (on) n.add(id);
                else n.delete(id);
                return n;
              })
            }
            loading={loading}
            now={now}
          />
          <div className={styles.center}>
            {selectedId && <PhoneBack />}
            {details ? (
              <LeadDetails
                key={details.lead.leadId}
                lead={details.lead}
                timeline={details.timeline}
                notes={details.notes}
                viewerId={me?.userId ?? null}
                role={me?.role ?? 'agent'}
                agents={agents}
                now={now}
                unread={selectedUnread}
                onOpenChat={() => setChatOpen(true)}
                onText={() => {
                  setChecked(new Set([details.lead.leadId]));
                  setTexting(true);
                }}
              />
            ) : leadFailed ? (
              <p role="alert">This lead could not be loaded. It may have been removed, or it is not yours to see.</p>
            ) : leadLoading ? (
              <p aria-live="polite">Loading the lead…</p>
            ) : (
              <div className={styles.placeholder}>
                <h2>Select a lead</h2>
                <p>New leads appear here the moment they register, with everything they do on your site.</p>
              </div>
            )}
          </div>
          {chatOpen && details && (
            <aside className={styles.chat}>
              <ConversationPanel
                key={details.lead.leadId}
                leadId={details.lead.leadId}
                leadName={details.lead.fullName}
                viewerId={me?.userId ?? null}
                subscribe={subscribe}
                onRead={() => clearUnread(details.lead.leadId)}
                onClose={() => setChatOpen(false)}
              />
            </aside>
          )}
        </div>
      )}
      <TextMessageDialog open={texting} leadIds={[...checked]} cap={cap} onClose={() => setTexting(false)} />
      <AddLeadDialog
        open={adding}
        role={me?.role ?? 'agent'}
        viewerId={me?.userId ?? null}
        agents={agents}
        onClose={() => setAdding(false)}
        onAdded={(leadId) => {
          setAdding(false);
          void leadIoApi.whenListed(leadId).then(() => select(leadId));
        }}
      />
    </main>
  );
}

/** The settings views' one gutter from the screen's edges (DashboardPage.module.css): a wrapper without a box of its own, so their layout is theirs. */
function SettingsGutter({ on, children }: { readonly on: boolean; readonly children: ReactNode }) {
  return on ? <div className={styles.settings}>{children}</div> : children;
}
