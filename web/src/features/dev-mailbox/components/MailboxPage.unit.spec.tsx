import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MailboxPage } from './MailboxPage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('the development mailbox page (staff only, absent in production)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [401, 'Sign in as staff to read the development mailbox.'],
    [403, 'The development mailbox is for staff only.'],
    [404, 'The development mailbox is not available on this server.'],
  ])('says why when the server answers %d', async (status, text) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(status, { message: 'refused' })),
    );
    render(<MailboxPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('shows a message as text, its web address a link', async () => {
    const mail = {
      id: '1',
      to: 'erin@example.com',
      subject: 'Choose a new password',
      text: 'Open https://demo.test/account/forgotpassword?token=x <b>now</b>',
      createdAt: new Date().toISOString(),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { messages: [mail] })),
    );
    render(<MailboxPage />);
    const article = await screen.findByRole('article', { name: 'Choose a new password' });
    expect(article.querySelector('a')?.getAttribute('href')).toBe('https://demo.test/account/forgotpassword?token=x');
    expect(article.querySelector('b')).toBeNull();
  });
});
