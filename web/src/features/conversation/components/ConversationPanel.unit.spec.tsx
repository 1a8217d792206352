import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThreadItem } from '../../../../../src/contract/thread';
import { ConversationPanel, mergeItems } from './ConversationPanel';
import { fakePushes, fakeServer, json } from '../../../lib/testSupport';

const L = '/api/dashboard/leads/L1';
const item = (id: string, at: string, over: Partial<ThreadItem> = {}): ThreadItem => ({
  id,
  channel: 'chat',
  direction: 'in',
  body: `body ${id}`,
  at,
  authorId: 'U',
  ...over,
});
const CHANNELS = {
  lastChannel: 'text',
  channels: [
    { channel: 'chat', available: true, reason: null },
    { channel: 'text', available: true, reason: null },
    { channel: 'email', available: false, reason: 'This lead has no e-mail address' },
  ],
};

const show = async (p = fakePushes(), onRead = vi.fn()) => {
  await act(async () => void render(<ConversationPanel leadId="L1" leadName="Vera Visitor" viewerId="A1" subscribe={p.subscribe} onRead={onRead} />));
  return { p, onRead };
};
const shown = () => screen.getAllByTestId('thread-item').map((li) => `${li.dataset.channel}: ${li.querySelector('p:last-of-type')?.textContent}`);

describe("the lead's conversation", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('merges pages, pushes and pending items once each, in (at, id) order', () => {
    const a = item('a', '2026-11-23T10:00:00.000Z');
    const b = item('b', '2026-11-23T10:00:00.000Z');
    const c = item('c', '2026-11-23T10:01:00.000Z');
    expect(mergeItems([c, a], [b, c]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('shows every channel with its badge and direction, adds what is pushed live, and marks the newest read', async () => {
    const calls = fakeServer({
      [`GET ${L}/thread`]: () =>
        json(200, {
          items: [
            item('i1', '2026-11-23T10:00:00.000Z', { body: 'Is it available?' }),
            item('i2', '2026-11-23T10:01:00.000Z', { channel: 'text', direction: 'out', body: 'Yes!' }),
            item('i3', '2026-11-23T10:02:00.000Z', { channel: 'call', direction: 'out', body: 'Talked', outcome: 'left-voicemail', durationSeconds: null }),
          ],
          hasMore: false,
        }),
      [`GET ${L}/thread/channels`]: () => json(200, CHANNELS),
      [`POST ${L}/thread/read`]: () => json(200, { isSuccess: true, upToId: 'i4' }),
    });
    const { p, onRead } = await show();
    expect(shown()).toEqual(['chat: Is it available?', 'text: Yes!', 'call: Talked']);
    expect(screen.getAllByTestId('thread-item')[0]!.textContent).toContain('from Vera Visitor');
    expect(screen.getAllByTestId('thread-item')[1]!.textContent).toContain('to Vera Visitor');
    await p.emit({
      name: 'thread.item',
      payload: { leadId: 'L1', agentId: 'A1', item: item('i4', '2026-11-23T10:03:00.000Z', { channel: 'text', body: 'Yes saturday works' }) },
    });
    await p.emit({ name: 'thread.item', payload: { leadId: 'L2', agentId: 'A1', item: item('x', '2026-11-23T10:04:00.000Z') } });
    expect(shown().at(-1)).toBe('text: Yes saturday works');
    expect(shown()).toHaveLength(4);
    expect(calls.bodies.filter(Boolean).at(-1)).toEqual({ upToId: 'i4' });
    expect(onRead).toHaveBeenCalled();
  });

  it("picks the lead's last channel, says why a channel is not available, and sends on the chosen one", async () => {
    const calls = fakeServer({
      [`GET ${L}/thread`]: () => json(200, { items: [], hasMore: false }),
      [`GET ${L}/thread/channels`]: () => json(200, CHANNELS),
      [`POST ${L}/messages`]: () => json(201, { id: 'n1', channel: 'text' }),
      [`POST ${L}/thread/read`]: () => json(200, { isSuccess: true, upToId: 'n1' }),
    });
    await show();
    expect(screen.getByText('Nothing said yet. Write first: chat, text or e-mail.')).toBeTruthy();
    const picker = screen.getByRole('group', { name: 'Send as' });
    expect((within(picker).getByRole('radio', { name: 'Text' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => void fireEvent.click(within(picker).getByRole('radio', { name: /E-mail/ })));
    expect(screen.getByRole('status').textContent).toBe('This lead has no e-mail address');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).disabled).toBe(true);
    await act(async () => void fireEvent.click(within(picker).getByRole('radio', { name: 'Text' })));
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'See you Saturday' } });
    await act(async () => void fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' }));
    expect(calls).toContain(`POST ${L}/messages`);
    expect(calls.bodies[calls.indexOf(`POST ${L}/messages`)]).toEqual({ channel: 'text', body: 'See you Saturday' });
    expect(shown()).toEqual(['text: See you Saturday']);
  });

  it('a refused send (403) puts the words back and shows the reason', async () => {
    fakeServer({
      [`GET ${L}/thread`]: () => json(200, { items: [], hasMore: false }),
      [`GET ${L}/thread/channels`]: () => json(200, CHANNELS),
      [`POST ${L}/messages`]: () => json(403, { message: 'This lead turned off text messages (replied STOP or changed their settings)' }),
    });
    await show();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello?' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByRole('alert').textContent).toBe('This lead turned off text messages (replied STOP or changed their settings)');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello?');
    expect(screen.queryAllByTestId('thread-item')).toHaveLength(0);
  });
  it('shows the agent a message that could not be delivered, with the reason: under its item, or in a list when it is not one', async () => {
    const failure = { attempts: 1, lastAttemptAt: '2026-11-23T10:05:00.000Z', failedAt: '2026-11-23T10:05:00.000Z', leadId: 'L1' };
    fakeServer({
      [`GET ${L}/thread`]: () =>
        json(200, {
          items: [
            item('e1', '2026-11-23T10:00:00.000Z', { channel: 'email', direction: 'out', subject: 'Homes', body: 'A few homes for you.' }),
            item('e2', '2026-11-23T10:01:00.000Z', { channel: 'email', direction: 'out', subject: 'More', body: 'More homes.' }),
          ],
          hasMore: false,
        }),
      [`GET ${L}/thread/channels`]: () => json(200, CHANNELS),
      [`POST ${L}/thread/read`]: () => json(200, { isSuccess: true, upToId: 'e2' }),
      [`GET ${L}/thread/failed`]: () =>
        json(200, {
          failed: [
            { ...failure, id: 'm1', outbox: 'lead-email', channel: 'email', itemId: 'e1', reason: 'SMTP 550: 5.1.1 <address>: Recipient address rejected' },
            { ...failure, id: 'm2', outbox: 'listing-mail', channel: 'email', itemId: null, reason: 'SMTP 552: mailbox full' },
          ],
        }),
    });
    await show();
    const [e1, e2] = screen.getAllByTestId('thread-item');
    expect(within(e1!).getByTestId('not-delivered').textContent).toBe('Not delivered: SMTP 550: 5.1.1 <address>: Recipient address rejected');
    expect(e1!.textContent).toContain('Not delivered');
    expect(within(e2!).queryByTestId('not-delivered')).toBeNull();
    const list = screen.getByRole('region', { name: 'Not delivered to Vera Visitor' });
    expect(
      within(list)
        .getAllByTestId('not-delivered')
        .map((li) => li.textContent?.split(' · ')[0]),
    ).toEqual(['Listings e-mail (email): SMTP 552: mailbox full']);
  });
});
