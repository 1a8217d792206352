import { describe, expect, it } from 'vitest';
import { listingCourtesy } from './listing-courtesy';

describe('listing courtesy (IDX attribution)', () => {
  it('names the agent and the office, or whichever is known, or nothing', () => {
    expect(listingCourtesy('Barton Hills Realty', 'Dana Whitfield')).toBe('Listing courtesy of Dana Whitfield, Barton Hills Realty');
    expect(listingCourtesy('Barton Hills Realty', null)).toBe('Listing courtesy of Barton Hills Realty');
    expect(listingCourtesy(null, 'Dana Whitfield')).toBe('Listing courtesy of Dana Whitfield');
    expect(listingCourtesy(null, null)).toBeNull();
  });
});
