import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingCourtesy, MlsDisclaimers } from './Attribution';

describe('IDX attribution', () => {
  afterEach(cleanup);

  it('says whose listing it is: the office, with the agent when the feed names one', () => {
    const { container, rerender } = render(<ListingCourtesy office="Barton Hills Realty" agent="Dana Whitfield" />);
    expect(container.textContent).toBe('Listing courtesy of Dana Whitfield, Barton Hills Realty');
    rerender(<ListingCourtesy office="Barton Hills Realty" agent={null} />);
    expect(container.textContent).toBe('Listing courtesy of Barton Hills Realty');
    rerender(<ListingCourtesy office={null} agent={null} />);
    expect(container.textContent).toBe('');
  });

  it("shows each MLS's disclaimer with the time its data was last updated", () => {
    render(
      <MlsDisclaimers
        disclaimers={[
          { mls: 'MRED', text: 'Deemed reliable, not guaranteed.', updatedAt: '2024-06-03T12:00:00Z' },
          { mls: 'ACTRIS', text: 'Other text.', updatedAt: null },
        ]}
      />,
    );
    const region = screen.getByRole('region', { name: 'Listing data disclaimers' });
    const lines = [...region.querySelectorAll('p')].map((p) => p.textContent);
    expect(lines[0]).toMatch(/^MRED Deemed reliable, not guaranteed\. Listing data last updated Jun 3, 2024/);
    expect(lines[1]).toBe('ACTRIS Other text.');
  });

  it('shows nothing without disclaimers', () => {
    const { container } = render(<MlsDisclaimers disclaimers={[]} />);
    expect(container.textContent).toBe('');
  });
});
