import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatPanel } from './ChatPanel';

const chat = {
  chatId: 'c1',
  leadId: 'l1',
  me: 'u-lead',
  lead: { userId: 'u-lead', fullName: 'Tess Texter' },
  agent: { userId: 'u-agent', fullName: 'Jane Agent' },
  canSend: true,
  messages: [],
  unread: 0,
};

describe("the lead's chat window", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the agent once in its heading', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(chat), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    await act(async () => void render(<ChatPanel subscribe={() => () => undefined} heading="Chat with your agent" />));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Chat with Jane Agent');
    expect(document.body.textContent).not.toMatch(/with your agent with|with Jane Agent.*with Jane Agent/);
  });
});
