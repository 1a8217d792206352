/** What every outside source delivers to the lead intake, already checked for shape (API v1, the portal parsers, Facebook). */
export type IntakeInput = {
  readonly source: string;
  readonly type?: string;
  readonly person: {
    readonly firstName?: string;
    readonly lastName?: string;
    readonly fullName?: string;
    readonly emails: readonly string[];
    readonly phones: readonly string[];
  };
  readonly property?: {
    readonly street?: string;
    readonly city?: string;
    readonly state?: string;
    readonly zip?: string;
    readonly mlsNumber?: string;
    readonly price?: number;
    /** The listing's page at the sender (a portal's home details), shown with the inquiry. */
    readonly url?: string;
  };
  readonly message?: string;
  readonly tags?: readonly string[];
  readonly externalId?: string;
};
