import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/ToastProvider';
import { PhotoUpload } from './PhotoUpload';

describe('the account photo upload', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [429, 'Too many uploads from your address. Please try again in an hour.'],
    [429, 'You have uploaded 50 MB in the last 24 hours, the most a day allows. Please try again tomorrow.'],
    [413, 'File too large'],
  ])("a refused upload (%i) shows 'Failed to Save Photo' with the server's message", async (status, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message }), { status, headers: { 'Content-Type': 'application/json' } })),
    );
    render(
      <ToastProvider>
        <PhotoUpload initial={null} name="Ada Lovelace" />
      </ToastProvider>,
    );
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await act(async () => void fireEvent.change(screen.getByLabelText('Upload a photo'), { target: { files: [photo] } }));
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Failed to Save Photo');
    expect(toast.textContent).toContain(message);
  });
});
