/** Security levels of the product description, section 6. */
export type SecurityLevel = 5 | 10 | 15 | 25;
export const LEVEL = { lead: 5, agent: 10, broker: 15, staff: 25 } as const;

export type UserRegistered = {
  readonly type: 'UserRegistered';
  readonly data: {
    readonly userId: string;
    /** Lower-cased; unique across the product. */
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly securityLevel: SecurityLevel;
    /** The site the user registered on (or, for agents and brokers, the office they belong to). */
    readonly siteId: string | null;
    /** For agents: the broker whose office they work in. */
    readonly brokerId: string | null;
    readonly cellPhone: string | null;
  };
};

/** Kept apart from the profile so that history views can redact it wholesale. */
export type PasswordSet = {
  readonly type: 'PasswordSet';
  readonly data: { readonly userId: string; readonly passwordHash: string };
};

export type AccountEvent = UserRegistered | PasswordSet;
export const accountEventTypes = ['UserRegistered', 'PasswordSet'] as const satisfies readonly AccountEvent['type'][];
