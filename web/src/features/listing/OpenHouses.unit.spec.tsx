import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenHouses } from './OpenHouses';

const saturday = {
  start: '2099-11-28T13:00:00-08:00',
  end: '2099-11-28T15:00:00-08:00',
  type: 'Public' as const,
  remarks: '<img src=x onerror=alert(1)> Cookies',
};
const brokers = { start: '2099-11-27T10:00:00-08:00', end: '2099-11-27T12:00:00-08:00', type: 'Broker' as const, remarks: null };

describe('open houses on the listing page', () => {
  afterEach(cleanup);

  it("lists the public ones at the listing's local time, their remarks as text", () => {
    const { container } = render(<OpenHouses openHouses={[brokers, saturday]} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Open house Sat, Nov 28, 1:00–3:00 PM']);
    expect(items[0]!.textContent).toContain('<img src=x onerror=alert(1)> Cookies');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows nothing without a public one', () => {
    const { container } = render(<OpenHouses openHouses={[brokers]} />);
    expect(container.innerHTML).toBe('');
  });
});
