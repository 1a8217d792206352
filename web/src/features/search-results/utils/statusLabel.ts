import type { Translate } from '../../../ui/translations';

/**
 * What a card and a listing page say a listing's status is, in the visitor's words: every home a
 * search finds is on the market (Active, Under contract, Coming soon) or, in a sold search, Sold
 * (Leased for a lease). A status from an MLS's own vocabulary shows as it came.
 */
export function statusLabel(status: string | null, forRent: boolean, t: Translate): string {
  switch (status) {
    case null:
    case 'Active':
      return t('card.active', 'Active');
    case 'Active Under Contract':
      return t('card.underContract', 'Under contract');
    case 'Coming Soon':
      return t('card.comingSoon', 'Coming soon');
    case 'Pending':
      return t('card.pending', 'Pending');
    case 'Closed':
    case 'Sold':
      return forRent ? t('card.leased', 'Leased') : t('card.sold', 'Sold');
    default:
      return status;
  }
}
