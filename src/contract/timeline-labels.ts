/**
 * What each kind of timeline entry is called on the dashboard (the `type` of contract section 5's
 * timeline entries). Shared with the web app. An entry of a type not named here (one a later
 * release adds) shows its type split into words.
 */
export const TIMELINE_LABELS: Readonly<Record<string, string>> = {
  LeadCaptured: 'New lead',
  InquirySubmitted: 'Inquiry',
  LeadAssigned: 'Assigned',
  LeadReassigned: 'Reassigned',
  LeadStageChanged: 'Stage',
  LeadFirstContacted: 'First contact',
  LeadTagsChanged: 'Tags',
  LeadContactEdited: 'Contact edited',
  LeadPutInPond: 'Pond',
  LeadClaimed: 'Claimed',
  PersonErased: 'Erased',
  ListingViewed: 'Viewed a home',
  SearchRun: 'Searched',
  TextMessageSent: 'Text',
  ChatMessageSent: 'Chat',
  CallLogged: 'Call',
  LeadNoteWritten: 'Note',
  ListingsSentToLead: 'Listings sent',
  ListingEmailOpened: 'Listings opened',
  ListingEmailClicked: 'Listing clicked',
  // Kept by the lead list for its "Overdue tasks" filter; the tasks panel, not the timeline, shows them.
  TaskCreated: 'Task',
  TaskCompleted: 'Task done',
  TaskReopened: 'Task reopened',
  TaskRescheduled: 'Task moved',
  ConsentChanged: 'Preferences',
  ConsentWordingUnclear: 'Consent to confirm',
  CellPhoneChanged: 'Cell phone',
  SavedSearchSaved: 'Saved search',
  SavedSearchDeleted: 'Saved search',
  ListingFavorited: 'Favourite',
  ListingNoteWritten: 'Private note',
  ListingOpinionGiven: 'Opinion',
  ListingShared: 'Shared',
  ShowingRequested: 'Showing request',
  ShowingProposed: 'Showing proposed',
  ShowingConfirmed: 'Showing',
  ShowingRescheduled: 'Showing moved',
  ShowingCancelled: 'Showing cancelled',
  ShowingCompleted: 'Showing done',
  ListingFiledInNotebook: 'Notebook',
  ListingRemovedFromNotebook: 'Notebook',
  PropertyAlertSent: 'Alert sent',
  PropertyAlertOpened: 'Alert opened',
  // A duplicate lead folded into this one (issue 18); an unmerge takes the line away again.
  AccountsMerged: 'Merged',
  AccountsUnmerged: 'Unmerged',
  // Action plans (issue 19 part 1): what a plan did for the lead, and why it paused.
  BehaviourAlertRaised: 'Behaviour alert',
  PlanEnrolled: 'Plan',
  PlanStepRecorded: 'Plan step',
  PlanEnrolmentPaused: 'Plan paused',
  PlanEnrolmentResumed: 'Plan resumed',
  PlanEnrolmentStopped: 'Plan stopped',
  PlanEnrolmentFinished: 'Plan finished',
};

export const timelineLabel = (type: string): string => TIMELINE_LABELS[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
