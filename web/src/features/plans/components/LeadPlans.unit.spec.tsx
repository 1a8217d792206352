import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../../app/queryClient';
import { json } from '../../../lib/testSupport';
import { LeadPlans } from './LeadPlans';

const enrolment = (leadId: string, planName: string) => ({
  enrolmentId: `00000000-0000-4000-8000-00000000000${leadId === 'A' ? 1 : 2}`,
  planId: '00000000-0000-4000-8000-000000000009',
  planName,
  leadId,
  status: 'active',
  pauseReason: null,
  enrolledAt: '2030-03-12T14:00:00.000Z',
  nextDueAt: null,
  steps: [],
});

/** A server whose answer for Ann's plans waits until the test lets it go. */
function slowServer() {
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/plans/leads/A')) {
        await late;
        return json(200, { enrolments: [enrolment('A', 'Ann’s welcome plan')] });
      }
      if (url.endsWith('/plans/leads/B')) return json(200, { enrolments: [enrolment('B', 'Bea’s buyer plan')] });
      return json(200, { plans: [] });
    }),
  );
  return { release };
}

describe("a lead's action plans on the lead page", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("never shows the previous lead's plans when their answer comes after the lead opened since", async () => {
    const server = slowServer();
    const client = makeQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <LeadPlans leadId="A" changedAt={undefined} />
      </QueryClientProvider>,
    );
    view.rerender(
      <QueryClientProvider client={client}>
        <LeadPlans leadId="B" changedAt={undefined} />
      </QueryClientProvider>,
    );
    await screen.findByText('Bea’s buyer plan');
    await act(async () => {
      server.release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByText('Ann’s welcome plan')).toBeNull();
    expect(screen.getByText('Bea’s buyer plan')).toBeTruthy();
  });
});
