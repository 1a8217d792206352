import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentListingsResponse, AgentListingView } from '../../../../../src/contract/agent-listings';
import { MyListings } from './MyListings';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const listing = (over: Partial<AgentListingView>): AgentListingView => ({
  pdid: 'MLS-1',
  mlsid: 'ML1',
  address: '12 Pine St',
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
  status: 'Active',
  price: 400_000,
  forRent: false,
  propertyType: 'Single Family Residence',
  photo: null,
  listAgentName: 'Jane Agent',
  listAgentMlsId: 'A1',
  listOfficeName: 'Demo Realty',
  shownPublicly: true,
  addressShownPublicly: true,
  modifiedAt: '2024-03-02T10:00:00.000Z',
  agent: { userId: 'u1', fullName: 'Jane Agent' },
  ...over,
});
const page = (listings: AgentListingView[], over: Partial<AgentListingsResponse> = {}): AgentListingsResponse => ({
  listings,
  total: listings.length,
  hidden: listings.filter((l) => !l.shownPublicly).length,
  page: 1,
  perpage: 25,
  ...over,
});

describe('My listings in the dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('marks a listing not shown publicly and links it nowhere; a public one links to its page; a lease says /mo', async () => {
    vi.stubGlobal(
      'fetch',
      answer(
        200,
        page([listing({ pdid: 'MLS-2', status: 'Pending', shownPublicly: false }), listing({}), listing({ pdid: 'MLS-3', forRent: true, price: 2100 })]),
      ),
    );
    await act(async () => void render(<MyListings role="agent" />));
    expect(screen.getByRole('heading', { name: 'My listings' })).toBeTruthy();
    expect(screen.getByText('3 listings, 1 not shown publicly')).toBeTruthy();
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Not shown publicly (IDX)');
    expect(rows[0]!.querySelector('a')).toBeNull();
    expect(rows[0]!.textContent).toContain('Pending · $400,000');
    expect(rows[1]!.querySelector('a')?.getAttribute('href')).toBe('/listing/MLS-1');
    expect(rows[1]!.textContent).not.toContain('Not shown publicly');
    expect(rows[2]!.textContent).toContain('$2,100/mo');
    expect(rows[1]!.textContent).toContain('Last change Mar 2, 2024');
  });

  it("names each listing's agent for a broker, and pages", async () => {
    const fetch = answer(200, page([listing({})], { total: 30 }));
    vi.stubGlobal('fetch', fetch);
    await act(async () => void render(<MyListings role="broker" />));
    expect(screen.getByRole('heading', { name: "Your office's listings" })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toContain('Jane Agent');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(String((fetch.mock.calls.at(-1) as unknown as [string])[0])).toBe('/api/dashboard/listings?page=2&perpage=25');
  });

  it('says what to do when there are none, and shows an error', async () => {
    vi.stubGlobal('fetch', answer(200, page([])));
    await act(async () => void render(<MyListings role="agent" />));
    expect(screen.getByText(/No listings yet\. Enter your MLS agent id under Team/)).toBeTruthy();
    cleanup();
    vi.stubGlobal('fetch', answer(500, { message: 'Something went wrong' }));
    await act(async () => void render(<MyListings role="agent" />));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
  });
});
