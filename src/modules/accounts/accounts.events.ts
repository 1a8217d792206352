/** Security levels of the product description, section 6. */
export type SecurityLevel = 5 | 10 | 15 | 25;
export const LEVEL = { lead: 5, agent: 10, broker: 15, staff: 25 } as const;

export type SocialProvider = 'google' | 'facebook';
/** 'alert-link': the signed listing link of a property alert e-mail (leads only). */
export type SignInMethod = 'password' | 'google' | 'facebook' | 'inquiry' | 'registration' | 'alert-link';
/** The communication channels a user consents to (or not). */
export type ConsentChannel = 'email' | 'text' | 'propertyAlerts' | 'propertyUpdates';
export const CONSENT_CHANNELS: readonly ConsentChannel[] = ['email', 'text', 'propertyAlerts', 'propertyUpdates'];
/** How a consent changed: the consent ledger keeps when (metadata.at and data.at), how and from where. */
/** 'email-complaint': the lead marked our e-mail as spam (the mail provider's complaint report). 'text-reply' / 'email-reply': the lead's own words in a reply asked for it (the SMS webhook, the inbound mail). */
export type ConsentHow = 'registration' | 'account-settings' | 'email-link' | 'one-click' | 'import-opt-in' | 'text-reply' | 'email-reply' | 'email-complaint';

export type UserRegistered = {
  readonly type: 'UserRegistered';
  readonly data: {
    readonly userId: string;
    /** Lower-cased; unique across the product (claimed on stream email-<sha256>). */
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
    readonly securityLevel: SecurityLevel;
    /** The site the user registered on (or, for agents and brokers, the office they belong to). */
    readonly siteId: string | null;
    /** For agents: the broker whose office they work in. */
    readonly officeId: string | null;
    readonly cellPhone: string | null;
    /** Absent on events written before it existed: false. */
    readonly isImport?: boolean;
    /** How the account came to be; absent: 'seed'. 'text': a text from an unknown number (issue 16). */
    readonly via?: 'seed' | 'inquiry' | 'google' | 'facebook' | 'import' | 'manual' | 'text';
  };
};

/** Kept apart from the profile so that history views can redact it wholesale. */
export type PasswordSet = {
  readonly type: 'PasswordSet';
  readonly data: { readonly userId: string; readonly passwordHash: string };
};

export type PasswordChanged = {
  readonly type: 'PasswordChanged';
  readonly data: { readonly userId: string; readonly passwordHash: string; readonly how: 'reset' | 'change' };
};

/** Only the SHA-256 of the one-time token is kept; the token itself went out by e-mail. */
export type PasswordResetRequested = {
  readonly type: 'PasswordResetRequested';
  readonly data: { readonly userId: string; readonly tokenHash: string; readonly requestedAt: string; readonly expiresAt: string };
};

export type UserSignedIn = {
  readonly type: 'UserSignedIn';
  readonly data: {
    readonly userId: string;
    readonly method: SignInMethod;
    /** The browser's UTC offset in minutes, as sent with the login (Timezone). */
    readonly timezone: number | null;
    readonly timezoneName: string | null;
  };
};

export type UserSignedOut = { readonly type: 'UserSignedOut'; readonly data: { readonly userId: string } };

export type CellPhoneChanged = {
  readonly type: 'CellPhoneChanged';
  readonly data: { readonly userId: string; readonly cellPhone: string | null };
};

export type PhotoChanged = {
  readonly type: 'PhotoChanged';
  readonly data: { readonly userId: string; readonly photoLocation: string | null };
};

export type ConsentChanged = {
  readonly type: 'ConsentChanged';
  readonly data: {
    readonly userId: string;
    readonly channel: ConsentChannel;
    readonly granted: boolean;
    readonly how: ConsentHow;
    /** Where, in words and without an IP address: e.g. 'account settings on jane.localhost'. */
    readonly from: string;
    readonly at: string;
  };
};

export type ImportOptedIn = { readonly type: 'ImportOptedIn'; readonly data: { readonly userId: string } };

export type SocialIdentityLinked = {
  readonly type: 'SocialIdentityLinked';
  /** emailVerified: the provider vouched that the account's address is the user's (absent: not said). */
  readonly data: { readonly userId: string; readonly provider: SocialProvider; readonly subject: string; readonly emailVerified?: boolean };
};

/** On the impersonated user's stream: staff began acting as this user (reason required, 30 minutes at most). */
export type ImpersonationStarted = {
  readonly type: 'ImpersonationStarted';
  readonly data: { readonly userId: string; readonly impersonatorId: string; readonly reason: string; readonly expiresAt: string };
};

export type ImpersonationEnded = {
  readonly type: 'ImpersonationEnded';
  readonly data: { readonly userId: string; readonly impersonatorId: string };
};

/** The same start and end on the staff member's own stream, so their history shows whom they became and why. */
export type StaffBecameUser = {
  readonly type: 'StaffBecameUser';
  readonly data: { readonly userId: string; readonly targetUserId: string; readonly reason: string; readonly expiresAt: string };
};

export type StaffReturnedFromUser = {
  readonly type: 'StaffReturnedFromUser';
  readonly data: { readonly userId: string; readonly targetUserId: string };
};

/**
 * The owner proved they hold the account's e-mail address, for the first time, on an account
 * created from an address nobody had proved (an inquiry, an import, a Facebook sign-up or a
 * Google one without a verified address). Until then anyone could have created it; so with it
 * every other session of the account ends (pre-hijacking). Accounts made by the product (seed,
 * staff) start verified.
 */
export type EmailVerifiedHow = 'google' | 'password-reset' | 'alert-link' | 'verification-link';
export type EmailVerified = {
  readonly type: 'EmailVerified';
  /** email: the address the verification link was mailed to (that link only). */
  readonly data: { readonly userId: string; readonly how: EmailVerifiedHow; readonly email?: string };
};

/** Why an account may not sign in: the back-office locked the platform for it, or offboarded it. */
export type SignInBlockCause = 'platform-lock' | 'offboarding';

/** Appended with the back-office's PlatformLocked / OffboardingStarted, in the same atomic append. */
export type SignInBlocked = {
  readonly type: 'SignInBlocked';
  readonly data: { readonly userId: string; readonly cause: SignInBlockCause };
};

/** Appended with PlatformUnlocked: that cause no longer keeps the account out. */
export type SignInUnblocked = {
  readonly type: 'SignInUnblocked';
  readonly data: { readonly userId: string; readonly cause: SignInBlockCause };
};

export type AccountEvent =
  | UserRegistered
  | PasswordSet
  | PasswordChanged
  | PasswordResetRequested
  | UserSignedIn
  | UserSignedOut
  | CellPhoneChanged
  | PhotoChanged
  | ConsentChanged
  | ImportOptedIn
  | SocialIdentityLinked
  | EmailVerified
  | ImpersonationStarted
  | ImpersonationEnded
  | StaffBecameUser
  | StaffReturnedFromUser
  | SignInBlocked
  | SignInUnblocked;

export const accountEventTypes = [
  'UserRegistered',
  'PasswordSet',
  'PasswordChanged',
  'PasswordResetRequested',
  'UserSignedIn',
  'UserSignedOut',
  'CellPhoneChanged',
  'PhotoChanged',
  'ConsentChanged',
  'ImportOptedIn',
  'SocialIdentityLinked',
  'EmailVerified',
  'ImpersonationStarted',
  'ImpersonationEnded',
  'StaffBecameUser',
  'StaffReturnedFromUser',
  'SignInBlocked',
  'SignInUnblocked',
] as const satisfies readonly AccountEvent['type'][];

/**
 * Uniqueness claims, each on a stream of its own appended with 'no_stream' in the same atomic
 * append as the account: email-<sha256 of the address>, social-<provider>-<subject>.
 */
export type EmailClaimed = { readonly type: 'EmailClaimed'; readonly data: { readonly userId: string } };
export type SocialIdentityClaimed = {
  readonly type: 'SocialIdentityClaimed';
  readonly data: { readonly userId: string; readonly provider: SocialProvider };
};
export type ClaimEvent = EmailClaimed | SocialIdentityClaimed;
export const claimEventTypes = ['EmailClaimed', 'SocialIdentityClaimed'] as const satisfies readonly ClaimEvent['type'][];
