import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptHome } from './KeptHome';

const brief = {
  address: '1 First Ave',
  city: 'Kent',
  state: 'WA',
  zip: '98032',
  price: 500_000,
  forRent: false,
  beds: 3,
  baths: 2,
  status: 'Pending',
  photo: '/p.jpg',
};

describe('a kept home on the organizer page', () => {
  afterEach(cleanup);

  it('shows the photo, price, facts and the address linked to the listing', () => {
    render(<KeptHome pdid="T-1" brief={brief} note="Big yard" />);
    expect(screen.getByRole('link', { name: '1 First Ave, Kent, WA 98032' }).getAttribute('href')).toBe('/listing/T-1');
    // The price is set in bold: one line of text across two elements.
    expect(screen.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === '$500,000 · 3 bd · 2 ba · Pending')).toBeTruthy();
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/p.jpg');
    expect(screen.getByText('Big yard')).toBeTruthy();
  });

  it("says a lease's price is per month", () => {
    render(<KeptHome pdid="T-4" brief={{ ...brief, price: 2100, forRent: true, status: 'Active' }} />);
    expect(screen.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === '$2,100/mo · 3 bd · 2 ba')).toBeTruthy();
  });

  it('names a home no longer listed by its pdid, and one not asked about by its pdid alone', () => {
    render(<KeptHome pdid="T-2" brief={null} />);
    expect(screen.getByRole('link', { name: 'T-2' }).getAttribute('href')).toBe('/listing/T-2');
    expect(screen.getByText('(no longer listed)')).toBeTruthy();
    cleanup();
    render(<KeptHome pdid="T-3" brief={undefined} />);
    expect(screen.getByRole('link', { name: 'T-3' })).toBeTruthy();
    expect(screen.queryByText('(no longer listed)')).toBeNull();
  });
});
