import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { LocationProbe, renderRoutes } from '@/testing/render';
import ForgotPasswordPage from './forgot-password';
import ResetPasswordPage from './reset-password';
import { loadAccountRules } from '@/lib/wasm-account';

const api = vi.hoisted(() => ({ requestPasswordReset: vi.fn(), resetPassword: vi.fn(), registerUser: vi.fn() }));
vi.mock('../api/auth', () => api);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

// The account rules arrive before the forms are drawn (their loading is covered by the strength meter's test).
beforeAll(() => loadAccountRules());

describe('ForgotPasswordPage', () => {
  const renderPage = () => renderRoutes([{ path: '/', element: <ForgotPasswordPage /> }]);

  it('checks the email with the shared rule before asking', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter your email')).toBeTruthy();
    fill(/^Email$/, 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('says a link was sent if the account exists, whatever the answer', async () => {
    api.requestPasswordReset.mockResolvedValue({ code: 1000 });
    renderPage();
    fill(/^Email$/, ' lan@example.com ');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If an account exists for lan@example.com, a link to reset your password has been sent.',
    );
    expect(api.requestPasswordReset).toHaveBeenCalledWith('lan@example.com');
  });

  it('shows the reset-link-send failure text, or the server text of a 429', async () => {
    api.requestPasswordReset
      .mockRejectedValueOnce(new ApiError('Network Error', { kind: 'network' }))
      .mockRejectedValueOnce(new ApiError('Too many requests, wait a minute', { kind: 'bad-request', status: 429 }));
    renderPage();
    fill(/^Email$/, 'lan@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('We could not send the reset link. Please try again later.')).toBeTruthy();
    fill(/^Email$/, 'lan@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many requests, wait a minute')).toBeTruthy();
  });
});

describe('ResetPasswordPage', () => {
  const renderPage = (at: string) =>
    renderRoutes(
      [
        { path: '/reset-password', element: <ResetPasswordPage /> },
        { path: '*', element: <LocationProbe /> },
      ],
      { at },
    );

  it('says the link is invalid without a token', () => {
    renderPage('/reset-password');
    expect(screen.getByRole('alert').textContent).toBe('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('applies the registration password rules: meter, match indicator, disabled button', () => {
    renderPage('/reset-password?token=t1');
    const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Reset password' });
    expect(submit().disabled).toBe(true);
    fill(/^New password$/, 'abcdefgh');
    fill(/^Confirm new password$/, 'abcdefgh');
    expect(screen.getByTestId('strength-meter').dataset.score).toBe('2');
    expect(submit().disabled).toBe(true);
    fill(/^New password$/, 'Secret#2025');
    expect(screen.getByTestId('match-indicator').textContent).toBe('Passwords do not match');
    fill(/^Confirm new password$/, 'Secret#2025');
    expect(submit().disabled).toBe(false);
  });

  it('sends the token and the new password, then goes to /login', async () => {
    api.resetPassword.mockResolvedValue({ code: 1000 });
    renderPage('/reset-password?token=t1');
    fill(/^New password$/, 'Secret#2025');
    fill(/^Confirm new password$/, 'Secret#2025');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    // The strength meter's advice loads its dictionaries meanwhile: give it time on a busy machine.
    expect((await screen.findByTestId('location', {}, { timeout: 5_000 })).textContent).toBe('/login');
    expect(api.resetPassword).toHaveBeenCalledWith('t1', 'Secret#2025');
    expect(toast.success).toHaveBeenCalledWith('Your password has been reset. Please sign in with the new password.');
  });

  it('says the link is invalid or expired when the server refuses the token', async () => {
    api.resetPassword.mockRejectedValue(new ApiError('Expired', { kind: 'bad-request', status: 400 }));
    renderPage('/reset-password?token=old');
    fill(/^New password$/, 'Secret#2025');
    fill(/^Confirm new password$/, 'Secret#2025');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('This reset link is invalid or has expired.'),
    );
  });
});
