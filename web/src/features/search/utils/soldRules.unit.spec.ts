import { describe, expect, it } from 'vitest';
import { enforceSoldRule, hasCityOrZip, toggleSold } from './soldRules';

describe('sold property rules', () => {
  it('needs city, acl_city, acl_zip5 or zip — a county or keyword is not enough', () => {
    for (const f of ['city', 'acl_city', 'acl_zip5', 'zip']) expect(hasCityOrZip({ [f]: 'x' })).toBe(true);
    expect(hasCityOrZip({ acl_county: 'King', kw: 'Seattle', polygonmap: '1 1, 2 2, 3 1, 1 1' })).toBe(false);
    expect(hasCityOrZip({ city: '  ' })).toBe(false);
  });

  it('ticking without a city or zip is refused; with one it switches to sold from page 1', () => {
    expect(toggleSold({ acl_county: 'King' }, true)).toEqual({ accepted: false });
    expect(toggleSold({ acl_city: 'Seattle', page: '3' }, true)).toEqual({ accepted: true, criteria: { acl_city: 'Seattle', soldproperty: '1' } });
    expect(toggleSold({ soldproperty: '1', zip: '98101' }, false)).toEqual({ accepted: true, criteria: { zip: '98101' } });
  });

  it('on refresh a sold flag without city or zip is dropped and reported', () => {
    expect(enforceSoldRule({ soldproperty: '1', beds: '2' })).toEqual({ criteria: { beds: '2' }, disabled: true });
    expect(enforceSoldRule({ soldproperty: '1', acl_zip5: '98101' })).toEqual({ criteria: { soldproperty: '1', acl_zip5: '98101' }, disabled: false });
    expect(enforceSoldRule({ beds: '2' }).disabled).toBe(false);
  });
});
