import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedLead } from '../../../api/dashboardApi';
import { makeQueryClient } from '../../../app/queryClient';
import { json } from '../../../lib/testSupport';
import { LeadWork } from './LeadWork';

const leadOf = (leadId: string, fullName: string): FeedLead => ({
  leadId,
  fullName,
  email: `${leadId.toLowerCase()}@example.com`,
  phone: null,
  leadType: 'Buyer',
  source: 'Website',
  assignedAgentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastActivityAt: '2026-01-01T00:00:00.000Z',
  stage: 'New',
  tags: [],
  firstContactAt: null,
  lastContactAt: null,
  inPond: false,
  status: 'new',
  siteId: 'S',
  site: null,
  siteName: null,
  listingPdid: null,
  userId: `U${leadId}`,
  score: 0,
});

/** Ann's office's pipeline answers only when the test lets it go; Bea's at once. */
function slowServer() {
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/dashboard/tags')) return json(200, { tags: [] });
      if (url.endsWith('leadId=A')) {
        await late;
        return json(200, { officeId: 'OA', stages: ['New', "Ann's office stage"] });
      }
      return json(200, { officeId: 'OB', stages: ['New', "Bea's office stage"] });
    }),
  );
  return { release };
}

describe("working a lead: its office's stages", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('never offers the stages of the lead shown before when its answer comes in late', async () => {
    const server = slowServer();
    const client = makeQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <LeadWork lead={leadOf('A', 'Ann')} />
      </QueryClientProvider>,
    );
    view.rerender(
      <QueryClientProvider client={client}>
        <LeadWork lead={leadOf('B', 'Bea')} />
      </QueryClientProvider>,
    );
    await screen.findByRole('option', { name: "Bea's office stage" });
    await act(async () => {
      server.release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('option', { name: "Ann's office stage" })).toBeNull();
    expect(screen.getByRole('option', { name: "Bea's office stage" })).toBeTruthy();
  });
});
