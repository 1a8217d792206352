import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../../app/queryClient';
import { json } from '../../../lib/testSupport';
import { useLeadDetails } from './useLeadDetails';

const answer = (leadId: string, fullName: string) => json(200, { lead: { leadId, fullName }, timeline: [], notes: [] });

function OpenLead({ leadId }: { leadId: string | null }) {
  const { details, loading } = useLeadDetails(leadId);
  return <p>{details ? details.lead.fullName : loading ? 'Loading' : 'None'}</p>;
}

/** A server whose answer for Ann's lead waits until the test lets it go, whatever the browser gave up on. */
function slowServer() {
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  const aborted: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      init?.signal?.addEventListener('abort', () => aborted.push(url));
      if (url.endsWith('/A')) {
        await late;
        return answer('A', 'Ann Early');
      }
      return answer('B', 'Bea Current');
    }),
  );
  return { release, aborted };
}

describe('the open lead on the dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("never shows the previous lead's late answer in place of the lead opened since, and gives up waiting for it", async () => {
    const server = slowServer();
    const client = makeQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <OpenLead leadId="A" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    view.rerender(
      <QueryClientProvider client={client}>
        <OpenLead leadId="B" />
      </QueryClientProvider>,
    );
    await screen.findByText('Bea Current');
    // Ann's answer comes in after Bea's.
    await act(async () => {
      server.release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.getByText('Bea Current')).toBeTruthy();
    expect(screen.queryByText('Ann Early')).toBeNull();
    expect(server.aborted).toEqual(['/api/dashboard/feed/lead/A']);
  });
});
