import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Criteria } from '../../../../../src/contract/search';
import { pinLabel } from '../../map/pinLabel';
import { FiltersPanel } from './FiltersPanel';
import { MarketSwitch } from './MarketSwitch';

/** The server's answer to GET /api/search/markets for this page load. */
function markets(forRent: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ forSale: true, forRent }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
}

async function setup(criteria: Criteria) {
  const onChange = vi.fn();
  await act(async () => void render(<MarketSwitch criteria={criteria} onChange={onChange} />));
  return { onChange };
}

describe('For sale / For rent', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  // Module state (the markets answer) is per page load: one answer for this file, leases present.
  it('searches leases with forrent=1 from the first page without the sale price range, and homes for sale again', async () => {
    markets(true);
    const sale = await setup({ city: 'Austin', page: '3', minprice: '300000' });
    expect(screen.getByRole('radio', { name: 'For sale' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'For rent' }));
    expect(sale.onChange).toHaveBeenCalledWith({ city: 'Austin', forrent: '1' });
    cleanup();
    const rent = await setup({ city: 'Austin', forrent: '1', maxprice: '2500' });
    expect(screen.getByRole('radio', { name: 'For rent' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'For sale' }));
    expect(rent.onChange).toHaveBeenCalledWith({ city: 'Austin' });
  });

  it('prices the filters per month for rent', () => {
    render(
      <FiltersPanel
        id="f"
        criteria={{ forrent: '1' }}
        onChange={() => undefined}
        moreTags={false}
        onMoreTagsChange={() => undefined}
        onClose={() => undefined}
        variant="desktop"
      />,
    );
    const options = [...screen.getByLabelText('Minimum price').querySelectorAll('option')].map((o) => o.textContent);
    expect(options.slice(0, 4)).toEqual(['No min', '$500/mo', '$750/mo', '$1k/mo']);
    expect(screen.getByText('Rent per month')).toBeTruthy();
  });
});

describe('map pin labels', () => {
  it("mark a pin at its zip code's centre as approximate", () => {
    expect(pinLabel({ pdid: 'A', latitude: 1, longitude: 2, priceShort: '$450k', locationApproximate: false })).toBe('$450k');
    expect(pinLabel({ pdid: 'A', latitude: 1, longitude: 2, priceShort: '$2k', priceLabel: '$2.2k/mo', locationApproximate: true })).toBe('≈ $2.2k/mo');
  });
});
