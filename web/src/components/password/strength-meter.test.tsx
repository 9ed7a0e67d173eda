import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { loadAccountRules } from '@/lib/wasm-account';
import { loadAdvisor } from './password-advice';
import { MatchIndicator, StrengthMeter, passwordsMatch } from './strength-meter';

const renderMeter = (password: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <StrengthMeter password={password} />
    </I18nextProvider>,
  );

describe('StrengthMeter', () => {
  beforeAll(() => loadAccountRules());
  beforeEach(() => i18n.changeLanguage('vi'));

  it('is drawn at its full size, empty and busy, until the account rules arrive, then scores', async () => {
    vi.resetModules(); // a fresh copy of the account rules' loader, with nothing loaded yet
    const { StrengthMeter: FreshMeter } = await import('./strength-meter');
    render(
      <I18nextProvider i18n={i18n}>
        <FreshMeter password="Secret#2025" />
      </I18nextProvider>,
    );
    const meter = screen.getByTestId('strength-meter');
    expect(meter.getAttribute('aria-busy')).toBe('true');
    expect(meter.dataset.score).toBeUndefined();
    expect(screen.queryByTestId('strength-label')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.dataset.met)).toEqual([
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    await waitFor(() => expect(meter.dataset.score).toBe('5'));
    expect(meter.getAttribute('aria-busy')).toBeNull();
    expect(screen.getByTestId('strength-label').textContent).toBe('Mạnh');
  });

  it('shows an empty red meter and no label for an empty password', () => {
    renderMeter('');
    const meter = screen.getByTestId('strength-meter');
    expect(meter.dataset.score).toBe('0');
    expect(meter.dataset.colour).toBe('red');
    expect(screen.queryByTestId('strength-label')).toBeNull();
  });

  it.each([
    ['abcdefgh', 2, 'red', 'Yếu'],
    ['Abcdefgh', 3, 'yellow', 'Khá'],
    ['Abcdefg1', 4, 'green', 'Mạnh'],
    ['Abcdefg1!', 5, 'green', 'Mạnh'],
  ])('renders %s as score %i, %s, %s (the shared rule)', (password, score, colour, label) => {
    renderMeter(password);
    const meter = screen.getByTestId('strength-meter');
    expect(meter.dataset.score).toBe(String(score));
    expect(meter.dataset.colour).toBe(colour);
    expect(screen.getByTestId('strength-label').textContent).toBe(label);
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe(String(score));
  });

  it('lists the five checks in the active language', () => {
    renderMeter('abc');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/ \((đạt|chưa đạt)\)$/, ''))).toEqual([
      'Ít nhất 8 ký tự',
      'Một chữ thường',
      'Một chữ hoa',
      'Một chữ số',
      'Một ký tự đặc biệt (!@#$%^&*(),.?":{}|<>)',
    ]);
  });

  it("shows zxcvbn's warning and suggestions, loaded lazily, in the active language", { timeout: 15_000 }, async () => {
    renderMeter('password');
    const advice = await waitFor(() => screen.getByTestId('password-advice'), { timeout: 10_000 });
    expect(advice.textContent).toContain('Đây là một mật khẩu được dùng cực kỳ phổ biến.');
  });
});

describe('password advice', () => {
  it('scores the most common passwords 0 and returns translation keys', { timeout: 15_000 }, async () => {
    const advise = await loadAdvisor();
    const advice = advise('123456', []);
    expect(advice.score).toBe(0);
    expect(advice.warning).toBe('topTen');
    expect(i18n.exists(`auth:advice.warnings.${advice.warning}`)).toBe(true);
    for (const s of advise('qwertyuiop', []).suggestions)
      expect(i18n.exists(`auth:advice.suggestions.${s}`)).toBe(true);
  });
});

describe('MatchIndicator', () => {
  it('uses the shared rule (values trimmed) and stays hidden until something is typed', async () => {
    const rules = await loadAccountRules();
    expect(passwordsMatch(rules, 'Secret#1', ' Secret#1 ')).toBe(true);
    expect(passwordsMatch(rules, 'Secret#1', 'Secret#2')).toBe(false);
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <MatchIndicator password="abc" confirm="" />
      </I18nextProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
