import { Inject, Injectable } from '@nestjs/common';
import { issuedField, openToken, SECONDS_FIELD, signToken, tokenAge, UUID_FIELD } from '../../../shared/signed-token';
import { SecretKey } from '../../accounts';

/**
 * The signed addresses in an e-mail of listings: one tracking image and one link per listing.
 * Tokens: v1.<pixel|click>.<messageId>.<issued, unix seconds>.<mac>, a click's MAC also over the
 * listing it goes to, under a key of their own (no other signed token passes for them). They
 * record for LISTING_LINK_DAYS; a click's link still leads to its listing after that.
 */
export const LISTING_LINK_DAYS = 30;
const LIFETIME_MS = LISTING_LINK_DAYS * 86_400_000;
const LABEL = 'porchlight listing mail links v1';
const SHAPE = [/^v1$/, /^(pixel|click)$/, UUID_FIELD, SECONDS_FIELD];

export type ListingLinkPurpose = 'pixel' | 'click';
export type ListingLinkCheck = 'good' | 'expired' | 'malformed' | 'forged';

export const listingPixelPath = (messageId: string) => `/api/listing-mail/${messageId}/pixel.gif`;
export const listingClickPath = (messageId: string) => `/api/listing-mail/${messageId}/click`;
/** Where a click goes: only ever a listing page of the site the e-mail came from. */
export const listingPagePath = (pdid: string) => `/listing/${encodeURIComponent(pdid)}`;

export function signListingLink(secret: Buffer, purpose: ListingLinkPurpose, messageId: string, issuedAt: Date, pdid?: string): string {
  return signToken(secret, LABEL, ['v1', purpose, messageId, issuedField(issuedAt)], pdid);
}

/** Whether the token was made by us for this purpose, this e-mail (and this listing), and is still recent. */
export function checkListingLink(secret: Buffer, token: unknown, purpose: ListingLinkPurpose, messageId: string, now: Date, pdid?: string): ListingLinkCheck {
  if (typeof token !== 'string') return 'malformed';
  const opened = openToken(secret, LABEL, token, SHAPE, pdid);
  if (!opened.ok) return opened.reason;
  const [, p, m, issued] = opened.fields;
  if (p !== purpose || m !== messageId) return 'forged';
  return tokenAge(issued!, now, LIFETIME_MS).fresh ? 'good' : 'expired';
}

export type ListingMailUrls = { readonly pixel: string; readonly click: (pdid: string) => string };

@Injectable()
export class ListingMailLinks {
  constructor(@Inject(SecretKey) private readonly secret: SecretKey) {}

  /** The tracking image and the listing links of one e-mail, on the site's own address. */
  async forMessage(messageId: string, baseUrl: string, now = new Date()): Promise<ListingMailUrls> {
    const key = await this.secret.get();
    const t = (purpose: ListingLinkPurpose, pdid?: string) => encodeURIComponent(signListingLink(key, purpose, messageId, now, pdid));
    return {
      pixel: `${baseUrl}${listingPixelPath(messageId)}?t=${t('pixel')}`,
      click: (pdid) => `${baseUrl}${listingClickPath(messageId)}?to=${encodeURIComponent(listingPagePath(pdid))}&t=${t('click', pdid)}`,
    };
  }
}
