import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Criteria } from '../../../../src/contract/search';
import { pinLabel } from '../map/searchLayers';
import { RentToggle } from './RentToggle';

function setup(criteria: Criteria) {
  const onChange = vi.fn();
  render(<RentToggle criteria={criteria} onChange={onChange} />);
  return { box: screen.getByRole('switch', { name: 'For rent' }) as HTMLInputElement, onChange };
}

describe('for rent switch', () => {
  afterEach(cleanup);

  it('searches leases with forrent=1 from the first page, and homes for sale again when unticked', () => {
    const on = setup({ city: 'Austin', page: '3' });
    expect(on.box.checked).toBe(false);
    fireEvent.click(on.box);
    expect(on.onChange).toHaveBeenCalledWith({ city: 'Austin', forrent: '1' });
    cleanup();
    const off = setup({ city: 'Austin', forrent: '1' });
    expect(off.box.checked).toBe(true);
    fireEvent.click(off.box);
    expect(off.onChange).toHaveBeenCalledWith({ city: 'Austin' });
  });
});

describe('map pin labels', () => {
  it('mark a pin at its zip code\'s centre as approximate', () => {
    expect(pinLabel({ pdid: 'A', latitude: 1, longitude: 2, priceShort: '$450k', locationApproximate: false })).toBe('$450k');
    expect(pinLabel({ pdid: 'A', latitude: 1, longitude: 2, priceShort: '$2.2k/mo', locationApproximate: true })).toBe('≈ $2.2k/mo');
  });
});
