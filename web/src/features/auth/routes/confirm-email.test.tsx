import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { renderRoutes, user } from '@/testing/render';
import ConfirmEmailPage from './confirm-email';

const api = vi.hoisted(() => ({ confirmEmail: vi.fn() }));
vi.mock('../api/auth', () => api);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.confirmEmail.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const renderPage = (at: string, auth = {}) =>
  renderRoutes([{ path: '/confirm-email', element: <ConfirmEmailPage /> }], { at, auth });

describe('ConfirmEmailPage', () => {
  it('confirms on opening, says the new address and refreshes a signed-in user', async () => {
    api.confirmEmail.mockResolvedValue('new@example.com');
    const reloadUser = vi.fn().mockResolvedValue(null);
    renderPage('/confirm-email?token=t1', { user: user('STUDENT'), reloadUser });

    expect(screen.getByRole('status').textContent).toBe('Confirming your new email address…');
    expect(
      await screen.findByText("Your account's email is now new@example.com. Your other devices were signed out."),
    ).toBeTruthy();
    expect(api.confirmEmail).toHaveBeenCalledWith('t1');
    expect(reloadUser).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Go to my profile' }).getAttribute('href')).toBe('/profile');
  });

  it('offers to sign in after confirming without a session', async () => {
    api.confirmEmail.mockResolvedValue('new@example.com');
    renderPage('/confirm-email?token=t1');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('says an invalid or expired link is one, in Vietnamese too, and asks nothing without a token', async () => {
    api.confirmEmail.mockRejectedValue(new ApiError('invalid', { kind: 'bad-request', status: 400, code: 1001 }));
    renderPage('/confirm-email?token=old');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('This confirmation link is invalid or has expired.'),
    );
    expect(screen.getByRole('link', { name: 'Change your email from your profile' }).getAttribute('href')).toBe(
      '/profile',
    );

    await i18n.changeLanguage('vi');
    renderPage('/confirm-email');
    expect(screen.getAllByRole('alert').at(-1)?.textContent).toContain(
      'Liên kết xác nhận không hợp lệ hoặc đã hết hạn.',
    );
    expect(api.confirmEmail).toHaveBeenCalledTimes(1);
  });

  it('says the address was taken meanwhile, and that something failed otherwise', async () => {
    api.confirmEmail.mockRejectedValueOnce(new ApiError('taken', { kind: 'bad-request', status: 409, code: 1005 }));
    const first = renderPage('/confirm-email?token=t2');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('now belongs to another account'));
    first.unmount();
    api.confirmEmail.mockRejectedValueOnce(new ApiError('timeout', { kind: 'timeout' }));
    renderPage('/confirm-email?token=t3');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('We could not confirm your email.'));
  });
});
