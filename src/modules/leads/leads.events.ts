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
  };
};

export type LeadEvent = LeadCaptured | InquirySubmitted;
export const leadEventTypes = ['LeadCaptured', 'InquirySubmitted'] as const satisfies readonly LeadEvent['type'][];
