/** Where a visitor first came from: fixed at the first visit (first-touch cookie), never overwritten. */
export type FirstTouch = {
  /** The `src` query parameter of the first visit. */
  readonly src: string | null;
  /** The other site the first visit came from (origin and path, no query). */
  readonly referrer: string | null;
  readonly at: string;
};

/** A visitor became a lead of a site (first inquiry or sign-up there). Routing reads this (issue 6). */
export type LeadCaptured = {
  readonly type: 'LeadCaptured';
  readonly data: {
    readonly leadId: string;
    readonly userId: string;
    readonly siteId: string;
    readonly fullName: string;
    readonly email: string;
    readonly phone: string | null;
    /** 'Registration' for a sign-up, else the inquiry's LeadType. */
    readonly leadType: string;
    /** One word for lists: the src, else the referring host, else 'direct'. */
    readonly source: string;
    readonly firstTouch: FirstTouch;
    readonly listingPdid: string | null;
    /** The agent whose public page the visitor wrote from (issue 17): the lead goes to them. Absent before. */
    readonly requestedAgentId?: string;
  };
};

export type InquirySubmitted = {
  readonly type: 'InquirySubmitted';
  readonly data: {
    readonly leadId: string;
    readonly userId: string;
    readonly siteId: string;
    readonly listingPdid: string | null;
    readonly leadType: string;
    readonly fullName: string;
    readonly email: string;
    readonly phone: string;
    /** The visitor's message with the buyer, seller, referral, resume and address blocks appended. */
    readonly message: string;
    readonly resumeUrl: string | null;
    readonly source: string;
    readonly firstTouch: FirstTouch;
    /** Sent from an agent's public page (issue 17): that agent. */
    readonly requestedAgentId?: string;
  };
};

/** Which rule of the routing rules placed a lead (see routing/routing-rules.ts). */
/** 'manual': chosen by whoever added the lead by hand or imported it (issue 15). */
/** 'agent-page': the visitor wrote from that agent's public page (issue 17). */
export type RoutingRule = 'own-site' | 'agent-page' | 'listing-agent' | 'round-robin' | 'owner-fallback' | 'manual' | 'lead-flow';

/**
 * The lead went to an agent. Decided by the lead router from the site's routing rules (data);
 * `ruleVersion` names the rule set, so leads replayed through newer rules can be told apart.
 */
export type LeadAssigned = {
  readonly type: 'LeadAssigned';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly agentId: string;
    /** The office the lead belongs to (the agent's broker, or the broker itself); null for an independent agent. */
    readonly officeId: string | null;
    readonly rule: RoutingRule;
    readonly ruleVersion: number;
    /** The action plan the office's lead flow starts for the lead's source; absent: none. */
    readonly planId?: string;
  };
};

/** A broker (or staff) moved the lead to another agent of the office. */
export type LeadReassigned = {
  readonly type: 'LeadReassigned';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly fromAgentId: string | null;
    readonly agentId: string;
    readonly officeId: string | null;
    readonly byUserId: string;
  };
};

/**
 * The lead moved to another stage of its office's pipeline (issue 15). `byUserId` null: moved by
 * the system (a new lead's first contact moves "New" to "Attempted contact").
 */
export type LeadStageChanged = {
  readonly type: 'LeadStageChanged';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly stage: string; readonly fromStage: string; readonly byUserId: string | null };
};

/** How an agent first reached (or worked) a lead. */
export type ContactChannel = 'call' | 'text' | 'email' | 'chat' | 'stage';

/**
 * The first thing an agent did on a new lead (a call logged, a text, an e-mail, a chat message,
 * a stage change): speed to lead is measured from LeadCaptured to this. Once per lead.
 */
export type LeadFirstContacted = {
  readonly type: 'LeadFirstContacted';
  /** `at`: when the contact happened (the contacting event's time), which deciders cannot read from metadata. */
  readonly data: { readonly leadId: string; readonly siteId: string; readonly byUserId: string; readonly via: ContactChannel; readonly at: string };
};

/** The lead's tags after the change (free text, trimmed, case kept, unique case-insensitively). */
export type LeadTagsChanged = {
  readonly type: 'LeadTagsChanged';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly tags: readonly string[]; readonly byUserId: string };
};

/**
 * An agent corrected the lead's contact fields (name, e-mail, phone) on the lead, not on the
 * lead's account: consent stays the account's and is never invented by an edit.
 */
export type LeadContactEdited = {
  readonly type: 'LeadContactEdited';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly fullName: string;
    readonly email: string;
    readonly phone: string | null;
    readonly byUserId: string;
  };
};

/**
 * The lead went to its office's pond (nobody contacted it within the office's claim window, or
 * the office sends new leads straight there): no agent holds it until one claims it.
 */
export type LeadPutInPond = {
  readonly type: 'LeadPutInPond';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly officeId: string;
    readonly fromAgentId: string | null;
    readonly reason: 'not-contacted' | 'pond-first';
    /** The action plan the office's lead flow starts for the lead's source; absent: none. */
    readonly planId?: string;
  };
};

/** An agent of the office claimed a pond lead: first claimer wins (the lead stream's version decides). */
export type LeadClaimed = {
  readonly type: 'LeadClaimed';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly agentId: string; readonly officeId: string };
};

export type LeadEvent =
  | LeadCaptured
  | InquirySubmitted
  | LeadAssigned
  | LeadReassigned
  | LeadStageChanged
  | LeadFirstContacted
  | LeadTagsChanged
  | LeadContactEdited
  | LeadPutInPond
  | LeadClaimed;
export const leadEventTypes = [
  'LeadCaptured',
  'InquirySubmitted',
  'LeadAssigned',
  'LeadReassigned',
  'LeadStageChanged',
  'LeadFirstContacted',
  'LeadTagsChanged',
  'LeadContactEdited',
  'LeadPutInPond',
  'LeadClaimed',
] as const satisfies readonly LeadEvent['type'][];

/** The events that hand a lead to an agent (by the router, a broker, a claim) or to its office's pond: what follows who holds a lead. */
export const leadOwnerEventTypes = ['LeadAssigned', 'LeadReassigned', 'LeadClaimed', 'LeadPutInPond'] as const satisfies readonly LeadEvent['type'][];
export type LeadOwnerEvent = Extract<LeadEvent, { type: (typeof leadOwnerEventTypes)[number] }>;

/**
 * What a signed-in lead does on the public site, on the stream `leadactivity-{leadId}` (kept off
 * the lead's own stream so that browsing never makes deciding on the lead slower).
 */
export type ListingViewed = {
  readonly type: 'ListingViewed';
  readonly data: {
    readonly leadId: string;
    readonly userId: string;
    readonly siteId: string;
    readonly pdid: string;
    /** The listing's address and price as shown then, for the timeline. */
    readonly address: string | null;
    readonly price: number | null;
  };
};

export type SearchRun = {
  readonly type: 'SearchRun';
  readonly data: {
    readonly leadId: string;
    readonly userId: string;
    readonly siteId: string;
    /** The search's title and its query string, as the search API answered them. */
    readonly title: string;
    readonly query: string;
  };
};

export type LeadActivityEvent = ListingViewed | SearchRun;
export const leadActivityEventTypes = ['ListingViewed', 'SearchRun'] as const satisfies readonly LeadActivityEvent['type'][];

export const leadActivityStream = (leadId: string) => `leadactivity-${leadId}`;

/**
 * Notes the office keeps on a lead (issue 15), on the stream `leadnotes-{leadId}` (apart from the
 * lead's own stream: a note never changes what is decided about the lead). Plain text, written by
 * its agent, the office's broker or staff; never shown to the lead. `authorName` is the name as
 * it was when the note was written (the note panel and the timeline show it).
 */
export type LeadNoteWritten = {
  readonly type: 'LeadNoteWritten';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly noteId: string;
    readonly text: string;
    readonly authorId: string;
    readonly authorName: string;
  };
};
/** Only the author rewrites a note. */
export type LeadNoteEdited = {
  readonly type: 'LeadNoteEdited';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly noteId: string; readonly text: string; readonly byUserId: string };
};
/** The author, the office's broker or staff removed it (its text leaves every read model). */
export type LeadNoteDeleted = {
  readonly type: 'LeadNoteDeleted';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly noteId: string; readonly byUserId: string };
};
export type LeadNoteEvent = LeadNoteWritten | LeadNoteEdited | LeadNoteDeleted;
export const leadNoteEventTypes = ['LeadNoteWritten', 'LeadNoteEdited', 'LeadNoteDeleted'] as const satisfies readonly LeadNoteEvent['type'][];
export const leadNotesStream = (leadId: string) => `leadnotes-${leadId}`;
