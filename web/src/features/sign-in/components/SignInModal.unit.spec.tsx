import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../ui/ToastProvider';
import { SignInModal } from './SignInModal';

function setup(dismissable: boolean) {
  const onClose = vi.fn();
  render(
    <ToastProvider>
      <SignInModal open dismissable={dismissable} onClose={onClose} />
    </ToastProvider>,
  );
  const dialog = document.querySelector('dialog')!;
  return { onClose, dialog, escape: () => fireEvent(dialog, new Event('cancel', { cancelable: true })) };
}

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

async function signInWith(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' }).closest('form')!.querySelector('button[type=submit]')!));
}

describe('the sign-in modal', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opened by the visitor: a Close button, Escape and the backdrop close it', () => {
    const { onClose, dialog, escape } = setup(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    escape();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('forced by the prompt rules: no Close button, Escape and the backdrop do nothing', () => {
    const { onClose, dialog, escape } = setup(false);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    escape();
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    // Both ways in stay available.
    expect(screen.getByRole('tab', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sign up' })).toBeTruthy();
  });

  it('a wrong password: "Invalid Login" and the help banner linking to /account/forgotpassword', async () => {
    vi.stubGlobal('fetch', answer(200, { isSuccess: false, message: 'Invalid Login' }));
    setup(true);
    await signInWith('ann@example.com', 'wrong');
    expect(screen.getByText('Invalid Login')).toBeTruthy();
    const help = screen.getByRole('link', { name: 'Click here if you need help getting back into your account.' });
    expect(help.getAttribute('href')).toBe('/account/forgotpassword');
  });

  it('an HTTP failure: the "Login Error" banner with the server text, and "Login Failed" in the modal', async () => {
    vi.stubGlobal('fetch', answer(429, { message: 'Too many sign-in attempts. Try again in 15 minutes.' }));
    setup(true);
    await signInWith('ann@example.com', 'pw');
    const banner = screen.getAllByRole('alert').find((a) => a.textContent?.includes('Login Error'))!;
    expect(banner.textContent).toContain('Too many sign-in attempts. Try again in 15 minutes.');
    expect(screen.getByText('Login Failed')).toBeTruthy();
  });

  it('a malformed e-mail is refused before anything is sent', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    setup(true);
    await signInWith('ann@example', 'pw');
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
