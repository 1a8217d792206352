import { describe, expect, it } from 'vitest';
import { initialSearchUi } from './useSearchUi';

describe('the search toggles a page starts with', () => {
  it('keeps the open filters panel on a wide screen, never the full-screen sheet on a phone', () => {
    const kept = { filtersOpen: true, moreTags: true, searchOnMove: false };
    expect(initialSearchUi(kept, false, false)).toEqual(kept);
    expect(initialSearchUi(kept, false, true)).toEqual({ ...kept, filtersOpen: false });
  });

  it('opens the filters for advanced=1 anywhere, and starts closed with nothing kept', () => {
    expect(initialSearchUi(null, true, true).filtersOpen).toBe(true);
    expect(initialSearchUi(null, false, false)).toEqual({ filtersOpen: false, moreTags: false, searchOnMove: true });
  });
});
