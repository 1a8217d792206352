import { describe, expect, it } from 'vitest';
import { pdidOf } from './ListingAgentForm';

describe('the listing a broker pasted or typed', () => {
  it("takes a listing page's link (with its query and anchor) or the id itself", () => {
    expect(pdidOf('https://homes.example/listing/NWMLS-2198?x=1#photos')).toBe('NWMLS-2198');
    expect(pdidOf('/listing/T%2DZ1')).toBe('T-Z1');
    expect(pdidOf('  T-Z1 ')).toBe('T-Z1');
  });
  it('refuses what is no listing id', () => {
    expect(pdidOf('')).toBeNull();
    expect(pdidOf('12 Main St')).toBeNull();
    expect(pdidOf('https://homes.example/search?acl_city=Seattle')).toBeNull();
  });
});
