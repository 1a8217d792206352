import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/ToastProvider';
import { InquiryForm } from './InquiryForm';

function setup(opts: { allowPartialName?: boolean; withTerms?: boolean } = {}) {
  const onSent = vi.fn();
  const onEmailInUse = vi.fn();
  render(
    <ToastProvider>
      <InquiryForm
        leadType="Inquiry"
        pdid="L1"
        withMessage
        allowPartialName={opts.allowPartialName ?? false}
        withTerms={opts.withTerms}
        submitLabel="Contact an agent"
        onSent={onSent}
        onEmailInUse={onEmailInUse}
      />
    </ToastProvider>,
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const submit = () => act(async () => void fireEvent.submit(screen.getByRole('button', { name: 'Contact an agent' }).closest('form')!));
  const error = () => document.querySelector('[role=alert]')?.textContent ?? null;
  return { onSent, onEmailInUse, type, submit, error };
}

/** The inquiry requests among the fetches (the form's labels also ask for their translations). */
const inquiries = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter((c) => String(c[0]).includes('/api/account/inquiry')) as unknown as [string, RequestInit][];

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

describe('the inquiry form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks in the spec order with its messages and sends nothing until all pass', async () => {
    const fetch = answer(200, { isSuccess: true, leadId: 'x' });
    vi.stubGlobal('fetch', fetch);
    const f = setup({ withTerms: true });
    f.type('Phone', '12');
    f.type('Email', 'nope');
    await f.submit();
    expect(f.error()).toBe('Please accept the terms and conditions');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
    await f.submit();
    expect(f.error()).toBe('Please enter your name');
    expect(document.activeElement).toBe(screen.getByLabelText('Full name'));
    f.type('Full name', 'Ann');
    await f.submit();
    expect(f.error()).toBe('Please enter your full name');
    f.type('Full name', 'Ann 42');
    await f.submit();
    expect(f.error()).toBe('Please enter a valid name');
    f.type('Full name', 'Ann Buyer');
    await f.submit();
    expect(f.error()).toBe('Please enter a valid email');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    f.type('Email', 'ann@example.com');
    await f.submit();
    expect(f.error()).toBe('Please enter a valid phone number');
    expect(inquiries(fetch)).toHaveLength(0);
    f.type('Phone', '206-555-0123');
    await f.submit();
    expect(inquiries(fetch)).toHaveLength(1);
    const body = JSON.parse(inquiries(fetch)[0]![1].body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ FullName: 'Ann Buyer', Email: 'ann@example.com', Phone: '206-555-0123', LeadType: 'Inquiry', pdid: 'L1', AcceptTerms: true });
    expect(f.onSent).toHaveBeenCalledTimes(1);
  });

  it('a one-word name passes where the site allows partial names', async () => {
    vi.stubGlobal('fetch', answer(200, { isSuccess: true, leadId: 'x' }));
    const f = setup({ allowPartialName: true });
    f.type('Full name', 'Ann');
    f.type('Email', 'ann@example.com');
    f.type('Phone', '2065550123');
    await f.submit();
    expect(f.onSent).toHaveBeenCalledTimes(1);
  });

  it('a second submit while the first is on its way sends nothing', async () => {
    let release: (r: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((r) => (release = r)));
    vi.stubGlobal('fetch', fetch);
    const f = setup();
    f.type('Full name', 'Ann Buyer');
    f.type('Email', 'ann@example.com');
    f.type('Phone', '2065550123');
    const form = screen.getByRole('button', { name: 'Contact an agent' }).closest('form')!;
    await act(async () => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(async () => release(new Response(JSON.stringify({ isSuccess: true, leadId: 'x' }), { status: 200 })));
    expect(f.onSent).toHaveBeenCalledTimes(1);
  });

  it("'Email already in use' hands the address to sign-in; other failures show 'Error submitting form.'", async () => {
    vi.stubGlobal('fetch', answer(409, { message: 'Email already in use' }));
    const f = setup();
    f.type('Full name', 'Ann Buyer');
    f.type('Email', ' ann@example.com ');
    f.type('Phone', '2065550123');
    await f.submit();
    expect(f.onEmailInUse).toHaveBeenCalledWith('ann@example.com');
    vi.stubGlobal('fetch', answer(400, { message: 'Please enter a zip code' }));
    await f.submit();
    const toast = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Error submitting form.'))!;
    expect(toast.textContent).toContain('Please enter a zip code');
    expect(f.onSent).not.toHaveBeenCalled();
  });
});
