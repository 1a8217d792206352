import { describe, expect, it } from 'vitest';
import { criteriaOf } from './LeadSearchDialog';

const empty = { name: '', place: '', minprice: '', maxprice: '', beds: '', listingtype: '', link: '' };

describe('the criteria of a search created for a lead', () => {
  it('reads the form: a 5-digit place is a zip code, else a city; empty fields are left out', () => {
    expect(criteriaOf('form', { ...empty, place: ' Kent ', minprice: '400000', beds: '3' })).toEqual({ city: 'Kent', minprice: '400000', beds: '3' });
    expect(criteriaOf('form', { ...empty, place: '98101', listingtype: 'condo' })).toEqual({ zip: '98101', listingtype: 'condo' });
    expect(criteriaOf('form', empty)).toBe('Give a place, a price or the number of beds');
  });

  it("takes a pasted search address's query as filtersAsString, and only a search page's", () => {
    expect(criteriaOf('link', { ...empty, link: 'http://jane.localhost:3000/search?city=Kent&beds=3&page=2' })).toEqual({
      filtersAsString: JSON.stringify({ city: 'Kent', beds: '3', page: '2' }),
    });
    expect(criteriaOf('link', { ...empty, link: '/search/split?zip=98101' })).toEqual({ filtersAsString: JSON.stringify({ zip: '98101' }) });
    expect(criteriaOf('link', { ...empty, link: 'http://jane.localhost:3000/listing/T-1' })).toBe('Paste the address of a search from the site’s search page');
  });
});
