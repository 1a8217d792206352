import { describe, expect, it } from 'vitest';
import { addTag, criteriaWithTags, removeTag, type Tag, tagFromItem, tagsFromCriteria } from './tags';

const city = (value: string): Tag => ({ field: 'acl_city', value, label: value });

describe('location tags', () => {
  it('adds a tag once: the same place again, in any case or field alias, is not added', () => {
    let tags = addTag([], city('Seattle'));
    tags = addTag(tags, city('seattle'));
    tags = addTag(tags, { field: 'city', value: ' Seattle ', label: 'Seattle' });
    expect(tags).toEqual([city('Seattle')]);
  });

  it('keeps several cities and zips (comma lists) but one county or keyword (the newest)', () => {
    let tags = addTag(addTag([], city('Seattle')), city('Bellevue'));
    tags = addTag(tags, { field: 'acl_zip5', value: '98101', label: '98101' });
    tags = addTag(tags, { field: 'acl_county', value: 'King', label: 'King County' });
    tags = addTag(tags, { field: 'acl_county', value: 'Pierce', label: 'Pierce County' });
    expect(tags.map((t) => t.value)).toEqual(['Seattle', 'Bellevue', '98101', 'Pierce']);
    expect(criteriaWithTags({ beds: '3', page: '4' }, tags)).toEqual({ acl_city: 'Seattle,Bellevue', acl_county: 'Pierce', acl_zip5: '98101', beds: '3' });
  });

  it('removes a tag and writes the rest back; no tags leaves no location fields', () => {
    const tags = tagsFromCriteria({ acl_city: 'Seattle,Bellevue', zip: '98101', minprice: '1' });
    expect(tags.map((t) => t.label)).toEqual(['Seattle', 'Bellevue', '98101']);
    const left = removeTag(tags, city('SEATTLE'));
    expect(criteriaWithTags({ acl_city: 'x', zip: '98101', minprice: '1' }, left)).toEqual({ acl_city: 'Bellevue', zip: '98101', minprice: '1' });
    expect(criteriaWithTags({ acl_city: 'x', kw: 'y', minprice: '1' }, [])).toEqual({ minprice: '1' });
  });

  it('turns an autocomplete item into a tag only for the fields the contract names', () => {
    expect(tagFromItem({ inputName: 'acl_county', value: 'King', friendlyInputName: 'County' })).toEqual({
      field: 'acl_county',
      value: 'King',
      label: 'King County',
    });
    expect(tagFromItem({ inputName: 'acl_zip5', value: '98101', friendlyInputName: '' })?.label).toBe('98101');
    expect(tagFromItem({ inputName: 'somethingelse', value: 'x', friendlyInputName: 'x' })).toBeNull();
    expect(tagsFromCriteria({ acl_county: 'King' })[0]?.label).toBe('King County');
  });
});
