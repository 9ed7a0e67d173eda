import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { LocationProbe, renderRoutes, user } from '@/testing/render';
import LoginPage, { LOGIN_REDIRECT_DELAY_MS } from './login';
import { loadAccountRules } from '@/lib/wasm-account';

const toast = vi.hoisted(() => ({ loading: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

function renderLogin(
  login: (u: string, p: string) => Promise<never> | Promise<ReturnType<typeof user>>,
  at = '/login',
) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { at, auth: { login } },
  );
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('LoginPage', () => {
  // The account rules arrive before the form is drawn (their loading is covered by the strength meter's test).
  beforeAll(() => loadAccountRules());
  beforeEach(async () => {
    await i18n.changeLanguage('vi');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.useRealTimers());

  it('shows every element: username, password with a show/hide toggle, forgot-password and register links', async () => {
    renderLogin(vi.fn());
    expect(await screen.findByLabelText('Tên đăng nhập')).toBeTruthy();
    const password = screen.getByLabelText<HTMLInputElement>('Mật khẩu');
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Hiện mật khẩu' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ẩn mật khẩu' }));
    expect(password.type).toBe('password');
    expect(screen.getByRole('link', { name: 'Quên mật khẩu?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Đăng ký ngay' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeTruthy();
  });

  it('says which fields are required, in the active language, without calling the server', async () => {
    const login = vi.fn();
    renderLogin(login);
    fireEvent.click(await screen.findByRole('button', { name: 'Đăng nhập' }));
    expect(screen.getByText('Vui lòng nhập tên đăng nhập')).toBeTruthy();
    expect(screen.getByText('Vui lòng nhập mật khẩu')).toBeTruthy();

    await act(() => i18n.changeLanguage('en'));
    fill(/^Username$/, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('shows "Logging in...", then the success toast, then goes to the remembered origin after 0.5 s', async () => {
    await i18n.changeLanguage('en');
    const login = vi.fn(() => Promise.resolve(user('STUDENT')));
    renderLogin(login, `/login?redirect=${encodeURIComponent('/profile?tab=mentors')}`);
    fill(/^Username$/, '  lantran ');
    fill(/^Password$/, 'Secret#2025');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(toast.loading).toHaveBeenCalledWith('Logging in...', expect.anything()));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Logged in successfully', expect.anything()));
    expect(login).toHaveBeenCalledWith('lantran', 'Secret#2025');
    expect(screen.queryByTestId('location')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(LOGIN_REDIRECT_DELAY_MS));
    expect(screen.getByTestId('location').textContent).toBe('/profile?tab=mentors');
  });

  it('goes to / when no origin was remembered, and never to another site', async () => {
    const login = vi.fn(() => Promise.resolve(user('STUDENT')));
    renderLogin(login, `/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    fill(/^Tên đăng nhập$/, 'lantran');
    fill(/^Mật khẩu$/, 'Secret#2025');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect((await screen.findByTestId('location', undefined, { timeout: 5000 })).textContent).toBe('/');
  });

  it("shows the server's message on failure (e.g. the localized 429), and the generic text otherwise", async () => {
    const refuse = new ApiError('Quá nhiều lần thử, vui lòng đợi 60 giây', {
      kind: 'bad-request',
      status: 429,
      code: 1007,
    });
    const login = vi
      .fn()
      .mockRejectedValueOnce(refuse)
      .mockRejectedValueOnce(new ApiError('', { kind: 'bad-request', status: 401 }));
    renderLogin(login);
    fill(/^Tên đăng nhập$/, 'lantran');
    fill(/^Mật khẩu$/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Quá nhiều lần thử, vui lòng đợi 60 giây', expect.anything()),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith(
        'Đăng nhập thất bại. Vui lòng kiểm tra tên đăng nhập và mật khẩu.',
        expect.anything(),
      ),
    );
  });

  it('shows the something-went-wrong text when the call itself fails', async () => {
    const login = vi.fn().mockRejectedValue(new ApiError('Network Error', { kind: 'network' }));
    renderLogin(login);
    fill(/^Tên đăng nhập$/, 'lantran');
    fill(/^Mật khẩu$/, 'Secret#2025');
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Đã xảy ra lỗi. Vui lòng thử lại.', expect.anything()),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Đăng nhập' }).disabled).toBe(false);
  });
});
