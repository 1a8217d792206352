/**
 * A person was forgotten (issue 18): their data keys are destroyed (before this event is
 * appended), so every personal value sealed under them reads as erased from now on. Kept for
 * ever: who (`byUserId`: staff, the person themself, or the system for retention), when (metadata.at) and why.
 * `leadIds`: the person's leads at the time, which read models blank.
 */
export type PersonErased = {
  readonly type: 'PersonErased';
  readonly data: {
    readonly userId: string;
    readonly leadIds: readonly string[];
    /** null: the system (retention). */
    readonly byUserId: string | null;
    /** 'request' (staff, on the person's request), 'self' (from /account), 'retention' (no activity). */
    readonly how: ErasureHow;
    readonly reason: string;
    /** Listing reports e-mailed to the person's addresses, and intake items kept from them, erased with them (their own keys). */
    readonly listingReports?: number;
    readonly intakeItems?: number;
  };
};

/**
 * Personal data that belongs to no account was erased: listing reports e-mailed to an address and
 * intake items kept from it (on request, staff giving the address, which is not recorded), or
 * those older than their retention. How many of each, never whose: on `privacy-items-{erasureId}`.
 */
export type SealedItemsErased = {
  readonly type: 'SealedItemsErased';
  readonly data: {
    readonly erasureId: string;
    /** null: the system (retention). */
    readonly byUserId: string | null;
    readonly how: 'request' | 'retention';
    readonly reason: string;
    readonly listingReports: number;
    readonly intakeItems: number;
  };
};

export type ErasureHow = 'request' | 'self' | 'retention';
export type PrivacyEvent = PersonErased | SealedItemsErased;
export const privacyEventTypes = ['PersonErased', 'SealedItemsErased'] as const satisfies readonly PrivacyEvent['type'][];
export const sealedItemsErasureStream = (erasureId: string) => `privacy-items-${erasureId}`;
export const privacyStream = (userId: string) => `privacy-${userId}`;
/** What an erased account's address reads as: unique (sign-in and the users read model need that) and undeliverable. */
export const erasedAddress = (userId: string) => `erased-${userId}@erased.invalid`;
export { ERASED, ERASED_NAME } from '../../eventstore/personal-data/personal-fields';
