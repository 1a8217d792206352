import type { IndexedListing } from '../../../../projections/search';
import type { ListingPick } from '../../../contract/listings-push';
import { addressText, courtesyOf, factsText, listingPriceText } from '../../messaging';

/** A listing as the lead page's pickers show it: the words of its e-mail card. */
export const toPick = (l: IndexedListing): ListingPick => ({
  pdid: l.pdid,
  mlsid: l.mlsid,
  address: addressText(l),
  price: listingPriceText(l),
  facts: factsText(l),
  photo: l.photos[0] ?? null,
  status: l.status,
  courtesy: courtesyOf(l),
});
