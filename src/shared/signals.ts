/**
 * Signals a projection gives the reactors in its own process once its batch committed, with
 * their payloads. They never reach browsers (those get the events of src/contract/server-events.ts).
 * A reactor also sweeps on a timer: a signal is a nudge, not the only way work is found.
 */
export type Signals = {
  /** Leads were captured and wait for routing (the lead router). */
  'lead.route': { readonly queued: number };
  /** Listing changes were queued for alert matching (the alert dispatcher). */
  'alerts.changed': { readonly queued: number };
  /** Share-a-listing e-mails were queued (the share-mail sender). */
  'organizer.shareMailQueued': { readonly queued: number };
  /** New-lead notices were queued (speed to lead: the leads context's new-lead notifier). */
  'leads.noticesQueued': { readonly queued: number };
  /** CRM e-mails to leads were queued (the leads context's lead e-mail sender). */
  'leads.emailQueued': { readonly queued: number };
  /** An office acted on a lead not yet contacted (the first-contact reactor). */
  'leads.firstContact': { readonly count: number };
  /** Leads' stages left their office's pipeline, renamed or removed (the stage mover). */
  'leads.stageMoves': { readonly count: number };
  /** Leads asked for showings (the showing-requests reactor makes them appointments). */
  'showings.requested': { readonly count: number };
  /** Showings were confirmed, moved or cancelled (the showing notices send the lead's e-mails). */
  'showings.changed': { readonly count: number };
  /** Listings e-mailed to leads were queued (the leads context's listing mail sender). */
  'leads.listingMailQueued': { readonly queued: number };
  /** Leads' text or e-mail replies were queued for their agents' reply notices (the thread context's senders). */
  'thread.replyNoticesQueued': { readonly queued: number };
  /** Leads' events that may mean intent were queued (the behaviour context's detector). */
  'behaviour.queued': { readonly queued: number };
  /** Behaviour alerts' e-mails were queued (the behaviour context's mail sender). */
  'behaviour.mailQueued': { readonly queued: number };
  /** Action plans: work was queued or a step fell due (the plans context's PlanRunner). */
  'plans.work': { readonly queued: number };
  /** E-mails to seller leads (a CMA's link, the homeowner digest) were queued (the valuation context's seller mail sender). */
  'valuation.sellerMailQueued': { readonly queued: number };
  /** Listing activity reports e-mailed to sellers were queued (the listing report mail sender). */
  'listingActivity.reportMailQueued': { readonly queued: number };
  /** Task reminders were queued, voided or revived (the tasks context's reminder sender). */
  'tasks.remindersQueued': { readonly queued: number };
  /** Web pushes were queued (the notifications context's web push sender). */
  'notifications.pushesQueued': { readonly queued: number };
  /** A site was created or changed (the site resolver drops its cache). */
  'site.changed': { readonly siteId: string };
};

export type SignalName = keyof Signals;
