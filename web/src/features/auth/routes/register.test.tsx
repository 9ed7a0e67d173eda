import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { LocationProbe, renderRoutes } from '@/testing/render';
import { textLimits } from '@/lib/wasm';
import RegisterPage from './register';
import { loadAccountRules } from '@/lib/wasm-account';

const toast = vi.hoisted(() => ({ loading: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
const registerUser = vi.hoisted(() => vi.fn());
vi.mock('../api/auth', () => ({ registerUser }));

function renderRegister() {
  return renderRoutes([
    { path: '/', element: <RegisterPage /> },
    { path: '*', element: <LocationProbe /> },
  ]);
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: /Create account|Creating account/ }) as HTMLButtonElement;

function fillValid() {
  fill(/^Email$/, ' lan@example.com ');
  fill(/^Username$/, 'lantran');
  fill(/^Password$/, 'Secret#2025');
  fill(/^Confirm password$/, 'Secret#2025');
}

describe('RegisterPage', () => {
  // The account rules arrive before the form is drawn (their loading is covered by the strength meter's test).
  beforeAll(() => loadAccountRules());
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    registerUser.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('has Student selected by default, the Teacher tab, terms, privacy and login links', () => {
    renderRegister();
    expect(screen.getByRole('radio', { name: 'Student' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Teacher' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('keeps the button disabled while a password is empty, the two differ, or the score is below 3', () => {
    renderRegister();
    expect(submit().disabled).toBe(true);
    fill(/^Password$/, 'abcdefgh'); // score 2
    fill(/^Confirm password$/, 'abcdefgh');
    expect(submit().disabled).toBe(true);
    fill(/^Password$/, 'Abcdefgh'); // score 3
    fill(/^Confirm password$/, 'Abcdefgx');
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('match-indicator').textContent).toBe('Passwords do not match');
    fill(/^Confirm password$/, 'Abcdefgh');
    expect(screen.getByTestId('match-indicator').textContent).toBe('Passwords match');
    expect(submit().disabled).toBe(false);
  });

  it('shows the strength meter the shared rule computes: score, colour, label and the five checks', () => {
    renderRegister();
    const meter = screen.getByTestId('strength-meter');
    fill(/^Password$/, 'abc');
    expect(meter.dataset.score).toBe('1');
    expect(meter.dataset.colour).toBe('red');
    expect(within(meter).getByTestId('strength-label').textContent).toBe('Weak');
    fill(/^Password$/, 'Abc1');
    expect(meter.dataset.colour).toBe('yellow');
    expect(within(meter).getByTestId('strength-label').textContent).toBe('Good');
    fill(/^Password$/, 'Secret#2025');
    expect(meter.dataset.score).toBe('5');
    expect(meter.dataset.colour).toBe('green');
    expect(within(meter).getByTestId('strength-label').textContent).toBe('Strong');
    expect(within(meter).getByRole('meter').getAttribute('aria-valuenow')).toBe('5');
    const checks = within(meter)
      .getAllByRole('listitem')
      .map((li) => li.dataset.met);
    expect(checks).toEqual(['true', 'true', 'true', 'true', 'true']);
  });

  it('shows the field messages of the shared rule on submit', async () => {
    renderRegister();
    fill(/^Email$/, 'not-an-email');
    fill(/^Username$/, 'lan');
    fill(/^Password$/, 'Abcdefgh');
    fill(/^Confirm password$/, 'Abcdefgh');
    fireEvent.click(submit());
    expect(await screen.findByText('Username must be at least 6 characters')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(registerUser).not.toHaveBeenCalled();
  });

  it('sends the registration payload with the chosen role, shows the creating text, then goes to /login', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    registerUser.mockReturnValue(new Promise((r) => (resolve = r)));
    renderRegister();
    fireEvent.click(screen.getByRole('radio', { name: 'Teacher' }));
    fillValid();
    fireEvent.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Creating account...'));
    expect(submit().disabled).toBe(true);
    expect(registerUser).toHaveBeenCalledWith({
      firstName: '',
      lastName: '',
      username: 'lantran',
      email: 'lan@example.com',
      password: 'Secret#2025',
      phoneNumber: '',
      address: '',
      dob: null,
      roleName: 'Teacher',
      loginType: '',
    });
    resolve({ code: 1000 });
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(toast.success).toHaveBeenCalledWith('Account created successfully! Please sign in.');
  });

  it.each([
    [400, 'Bad thing', 'Bad thing'],
    [400, '', 'The data you entered is invalid.'],
    [409, 'Username taken', 'An account with this username or email already exists.'],
    [422, 'x', 'Please check the information you entered.'],
    [500, 'Internal error', 'Internal error'],
  ])('answers an HTTP %i with the spec text', async (status, message, shown) => {
    registerUser.mockRejectedValue(
      new ApiError(message, { kind: status >= 500 ? 'bad-response' : 'bad-request', status }),
    );
    renderRegister();
    fillValid();
    fireEvent.click(submit());
    expect((await screen.findByTestId('register-error')).textContent).toBe(shown);
    expect(submit().disabled).toBe(false);
  });

  it('falls back to "Registration failed"', async () => {
    registerUser.mockRejectedValue('boom');
    renderRegister();
    fillValid();
    fireEvent.click(submit());
    expect((await screen.findByTestId('register-error')).textContent).toBe('Registration failed');
  });

  it('lets no field take more than the shared limits allow (the maxima the server checks)', () => {
    renderRegister();
    const maxLength = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).maxLength;
    expect(maxLength(/^Email$/)).toBe(textLimits().email);
    expect(maxLength(/^Username$/)).toBe(50);
    expect(maxLength(/^Password$/)).toBe(128);
    expect(maxLength(/^Confirm password$/)).toBe(128);
  });

  it("shows the server's per-field text when another field of the account is too long", async () => {
    registerUser.mockRejectedValue(
      new ApiError('Trường này tối đa 254 ký tự', {
        kind: 'bad-request',
        status: 422,
        fields: { email: 'This field must be at most 254 characters' },
      }),
    );
    renderRegister();
    fillValid();
    fireEvent.click(submit());
    expect(await screen.findByText('This field must be at most 254 characters')).toBeTruthy();
  });
});
