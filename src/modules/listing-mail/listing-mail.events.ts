/**
 * Listings an agent e-mails a lead from the lead page (issue 16), and what the lead did with
 * the e-mail. One stream per e-mail, `listingmail-{messageId}`: the e-mail is recorded first
 * (`ListingsSentToLead`, which queues it in the listing mail outbox), then its tracking image and
 * links add `ListingEmailOpened` (once) and `ListingEmailClicked` (each click, a repeat of the
 * same listing within a minute kept once).
 */

export type ListingsSentToLead = {
  readonly type: 'ListingsSentToLead';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly messageId: string;
    readonly pdids: readonly string[];
    /** The address of each listing as sent (same order as pdids): the timeline names them, whatever the listing becomes. */
    readonly addresses: readonly string[];
    readonly byUserId: string;
    readonly note: string;
  };
};

/** How the lead came back: the e-mail's tracking image loaded, or they followed one of its links first. */
export type ListingEmailOpenedHow = 'pixel' | 'click';
export type ListingEmailOpened = {
  readonly type: 'ListingEmailOpened';
  readonly data: { readonly leadId: string; readonly siteId: string; readonly messageId: string; readonly how: ListingEmailOpenedHow };
};

export type ListingEmailClicked = {
  readonly type: 'ListingEmailClicked';
  readonly data: {
    readonly leadId: string;
    readonly siteId: string;
    readonly messageId: string;
    readonly pdid: string;
    readonly address: string;
    readonly at: string;
  };
};

export type ListingMailEvent = ListingsSentToLead | ListingEmailOpened | ListingEmailClicked;
export const listingMailEventTypes = ['ListingsSentToLead', 'ListingEmailOpened', 'ListingEmailClicked'] as const satisfies readonly ListingMailEvent['type'][];
export const listingMailStream = (messageId: string) => `listingmail-${messageId}`;
