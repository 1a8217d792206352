import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FailedMessagesPanel } from './FailedMessagesPanel';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ID = '2be61bbd-a942-5f61-8bfd-b8f9d00c1339';
const failed = {
  name: 'lead-email',
  label: "Agents' e-mails to leads",
  total: 1,
  failed: [
    {
      id: ID,
      outbox: 'lead-email',
      channel: 'email',
      leadId: 'lead-1',
      itemId: 'item-1',
      reason: 'SMTP 550: 5.1.1 <address>: Recipient address rejected',
      attempts: 1,
      lastAttemptAt: '2026-11-29T00:20:00.000Z',
      failedAt: '2026-11-29T00:20:00.000Z',
    },
  ],
};
const empty = { name: 'share-mail', label: 'Listings shared with a friend', total: 0, failed: [] };

/** The browser's network: the list answers `lists` in turn (the last one again), send-again answers `again`. */
function network(lists: unknown[][], again: () => Response) {
  let n = 0;
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return again();
    if (url === '/api/backoffice/outboxes/failed') return json(200, { outboxes: lists[Math.min(n++, lists.length - 1)] });
    return json(404, { message: 'Not found' });
  });
}

describe('the back-office list of failed messages', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each outbox’s failed messages with reason, attempts and last try; Send again queues one once', async () => {
    const fetch = network([[failed, empty], [empty]], () => json(202, { isSuccess: true }));
    vi.stubGlobal('fetch', fetch);
    render(<FailedMessagesPanel />);
    const table = await screen.findByRole('table', { name: "Agents' e-mails to leads: failed messages" });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('SMTP 550: 5.1.1 <address>: Recipient address rejected');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)[3],
    ).toBe('1');
    expect(screen.queryByText('Listings shared with a friend')).toBeNull();

    await act(async () => void fireEvent.click(within(row).getByRole('button', { name: /Send again/ })));
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => url)).toEqual([`/api/backoffice/outboxes/lead-email/${ID}/send-again`]);
    expect((await screen.findByRole('status')).textContent).toBe('1 queued to be sent again');
    expect(await screen.findByText('No failed messages: every outbox is delivering.')).toBeTruthy();
  });

  it('says why a message could not be queued again', async () => {
    vi.stubGlobal(
      'fetch',
      network([[failed]], () => json(409, { message: 'This message is not failed: it was queued again already, or sent' })),
    );
    render(<FailedMessagesPanel />);
    const button = await screen.findByRole('button', { name: /Send again/ });
    await act(async () => void fireEvent.click(button));
    expect((await screen.findByRole('status')).textContent).toBe('This message is not failed: it was queued again already, or sent');
    expect(screen.getByRole('button', { name: /Send again/ })).toHaveProperty('disabled', false);
  });
});
