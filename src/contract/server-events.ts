import type { RebuildProgress } from './backoffice';
import type { BehaviourAlertView } from './behaviour-alerts';
import type { FeedProgressView } from './feeds';
import type { ThreadItem } from './thread';

/**
 * Every message the server pushes to browsers, with its payload. Shared with web/ so that both
 * sides agree at compile time. `position` is the log position the push was produced at
 * ("{transactionId}.{globalPosition}", see position.ts): a client that reconnects asks for what
 * came after the last one it saw (GET /api/dashboard/feed/since?position=) and drops duplicates
 * by their ids (leadId, eventId, messageId).
 */
export type ServerToClientEvents = {
  /** Sent once to a socket that connected: who the server knows it as. */
  hello: (p: { at: string; userId: string }) => void;
  /**
   * Another instance took over a read model that pushes (its holder went away, perhaps right
   * after committing a batch whose pushes it never sent): ask feed/since for what came after the
   * last position seen, as after a reconnection, dropping what is already there by key. (The
   * lost pushes may be older than pushes seen since: feed/since answers from where they begin.)
   */
  'feed.resync': (p: { at: string }) => void;
  'lead.captured': (p: { leadId: string; fullName: string; leadType: string; at: string; position: string }) => void;
  /** eventId identifies the timeline entry; assignedAgentId is set when the lead moved to another agent. */
  'lead.activity': (p: { leadId: string; type: string; at: string; summary: string; eventId: string; assignedAgentId?: string; position: string }) => void;
  /** A lead went to its office's pond (issue 15), to the office's agents, its broker and staff: anyone of the office may claim it. */
  'lead.pond': (p: {
    leadId: string;
    fullName: string;
    leadType: string;
    at: string;
    reason: 'not-contacted' | 'pond-first';
    fromAgentId: string | null;
    position: string;
  }) => void;
  /** The lead was merged into `intoLeadId` (issue 18; an account merge): it leaves every list, the lead it joined holds its history. An unmerge brings it back as `lead.captured`. */
  'lead.merged': (p: { leadId: string; intoLeadId: string; at: string; position: string }) => void;
  /** A pond lead has its agent again (claimed first by agentId, or given by the broker): the office's other agents drop it. */
  'lead.claimed': (p: { leadId: string; agentId: string; at: string; position: string }) => void;
  /** The lead moved to another stage (the board moves its card; eventId is its timeline entry's). */
  /** A lead did something that means intent (issue 19 part 2), to the lead's agent, their broker and staff. */
  'lead.behaviour': (p: BehaviourAlertView & { position: string }) => void;
  'lead.stage': (p: { leadId: string; stage: string; fromStage: string; at: string; eventId: string; position: string }) => void;
  'chat.message': (p: {
    chatId: string;
    leadId: string;
    messageId: string;
    fromUserId: string;
    toUserId: string;
    text: string;
    at: string;
    position: string;
  }) => void;
  /** readerId has read every message sent to them up to upToMessageId (read receipts). */
  'chat.read': (p: { chatId: string; leadId: string; readerId: string; upToMessageId: string; at: string; position: string }) => void;
  /** A new item of a lead's one thread (issue 16), to the lead's agent, their broker and staff; `agentId` null while the lead is in the pond. */
  'thread.item': (p: { leadId: string; agentId: string | null; item: ThreadItem; position: string }) => void;
  /** readerId read the lead's thread up to the item upToId (their other tabs clear the unread badge). */
  'thread.read': (p: { leadId: string; readerId: string; upToId: string; at: string; position: string }) => void;
  /** A showing or a task changed (issue 16): the calendars of its agent, their broker and staff reload the range they show. */
  'calendar.changed': (p: { kind: 'showing' | 'task'; id: string; at: string; position: string }) => void;
  'projection.progress': (p: RebuildProgress) => void;
  /** A feed's sync or reconcile started, stored a batch, or ended (staff): the Feeds tab's live progress bar. */
  'feed.progress': (p: FeedProgressView & { position: string }) => void;
  /** An event about this account was stored (userId null: many accounts at once, e.g. an import). */
  'backoffice.accountChanged': (p: { userId: string | null; types: string[]; at: string; position: string }) => void;
  /** The member search read model changed for these accounts. */
  'backoffice.memberChanged': (p: { userIds: string[]; position: string }) => void;
  /** A label's text changed in these languages (translation editor). */
  'translations.changed': (p: { languages: string[]; position: string }) => void;
};

export type ServerEventName = keyof ServerToClientEvents;

/** What a projection gives for a browser event: its payload without the position (added once the batch commits). */
export type ServerEventPayload<K extends ServerEventName> = Omit<Parameters<ServerToClientEvents[K]>[0], 'position'>;
