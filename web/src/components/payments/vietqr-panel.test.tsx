import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { loadCheckoutRules } from '@/lib/wasm-checkout';
import { COPIED_MS, VietQrPanel, type VietQrPanelProps } from './vietqr-panel';

/** Clicks, then lets the clipboard's promise settle. */
async function clickAndSettle(target: HTMLElement) {
  fireEvent.click(target);
  await Promise.resolve();
}

const NOW = Date.parse('2026-11-23T08:00:00Z');

const props = (extra: Partial<VietQrPanelProps> = {}): VietQrPanelProps => ({
  bank: { bin: '970415', name: 'VietinBank', accountNumber: '0011001932418', accountName: 'CONG TY HOC VIEN' },
  amount: 1_000_000,
  currency: 'VND',
  note: 'DH 20261123 A7K2',
  expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
  ...extra,
});

const renderPanel = (panel: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{panel}</I18nextProvider>);
const row = (key: string) => screen.getByTestId(`vietqr-${key}`);

describe('VietQrPanel while the checkout module loads', () => {
  it('keeps the square of the QR code and shows every detail, then draws the code in it', async () => {
    await i18n.changeLanguage('vi');
    vi.resetModules(); // a fresh copy of the checkout rules' loader, with nothing loaded yet
    const { VietQrPanel: FreshPanel } = await import('./vietqr-panel');
    renderPanel(<FreshPanel {...props()} />);

    const square = screen.getByTestId('vietqr-code');
    expect(square.getAttribute('aria-busy')).toBe('true');
    expect(square.className).toContain('aspect-square');
    expect(square.querySelector('svg')).toBeNull();
    expect(within(row('amount')).getByText('1.000.000 ₫')).toBeTruthy();
    expect(screen.getByTestId('vietqr-countdown').textContent).toBe('Thời gian thanh toán còn lại: --:--');

    const code = await waitFor(() => within(square).getByRole('img'));
    expect(square.getAttribute('aria-busy')).toBeNull();
    expect(code.getAttribute('aria-label')).toBe('Mã QR chuyển khoản 1.000.000 ₫ đến VietinBank');
  });
});

describe('VietQrPanel', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();

  beforeAll(() => loadCheckoutRules());
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: NOW });
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => vi.useRealTimers());

  it('draws the VietQR code of the transfer as an SVG path in a view box with its quiet zone', () => {
    renderPanel(<VietQrPanel {...props()} />);
    const code = within(screen.getByTestId('vietqr-code')).getByRole('img');
    expect(code.getAttribute('aria-label')).toBe('QR code for a transfer of ₫1,000,000 to VietinBank');
    const [, , width, height] = (code.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect(width).toBe(height);
    expect(((width ?? 0) - 8 - 17) % 4).toBe(0); // a QR code's side is 17 + 4 × version modules, plus 4 each side
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h7v1h-7z/); // the top-left finder
  });

  it('shows the bank, account number, holder, amount in the language’s format and the transfer note', async () => {
    renderPanel(<VietQrPanel {...props()} />);
    expect(row('bank').textContent).toContain('VietinBank');
    expect(row('accountNumber').textContent).toContain('0011001932418');
    expect(row('accountName').textContent).toContain('CONG TY HOC VIEN');
    expect(row('amount').textContent).toContain('₫1,000,000');
    expect(row('note').textContent).toContain('DH 20261123 A7K2');
    await act(() => i18n.changeLanguage('vi'));
    expect(row('amount').textContent).toContain('1.000.000 ₫');
    expect(row('note').textContent).toContain('Nội dung chuyển khoản');
  });

  it('copies each value, the amount as plain digits, and says "Copied" for two seconds', async () => {
    renderPanel(<VietQrPanel {...props()} />);
    const button = within(row('accountNumber')).getByRole('button', { name: 'Copy Account number' });
    await act(() => clickAndSettle(button));
    expect(writeText).toHaveBeenLastCalledWith('0011001932418');
    expect(button.textContent).toBe('Copied');
    act(() => void vi.advanceTimersByTime(COPIED_MS));
    expect(button.textContent).toBe('Copy');

    await act(() => clickAndSettle(within(row('amount')).getByRole('button')));
    expect(writeText).toHaveBeenLastCalledWith('1000000');
    await act(() => clickAndSettle(within(row('note')).getByRole('button')));
    expect(writeText).toHaveBeenLastCalledWith('DH 20261123 A7K2');
    expect(within(row('note')).getByRole('button').textContent).toBe('Copied');
  });

  it('says so when the clipboard refuses', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    renderPanel(<VietQrPanel {...props()} />);
    const button = within(row('bank')).getByRole('button');
    await act(() => clickAndSettle(button));
    expect(button.textContent).toBe('Could not copy');
  });

  it('counts down to the expiry each second, then fades the code under the expiry notice', () => {
    renderPanel(<VietQrPanel {...props({ expiresAt: NOW + 61_000 })} />);
    const countdown = screen.getByTestId('vietqr-countdown');
    expect(countdown.textContent).toBe('Time left to pay: 01:01');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(countdown.textContent).toBe('Time left to pay: 01:00');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(countdown.textContent).toBe('Time left to pay: 00:00');
    expect(screen.getByRole('alert').textContent).toBe(
      'The time to pay for this order is over. Please place the order again.',
    );
  });

  it('shows hours once more than an hour is left', () => {
    renderPanel(<VietQrPanel {...props({ expiresAt: new Date(NOW + (2 * 3600 + 5 * 60 + 7) * 1000) })} />);
    expect(screen.getByTestId('vietqr-countdown').textContent).toBe('Time left to pay: 2:05:07');
  });

  it('puts the shared rule’s message in the square instead of a code for a transfer it refuses', async () => {
    await act(() => i18n.changeLanguage('vi'));
    renderPanel(<VietQrPanel {...props({ note: 'don hang 12' })} />);
    const square = screen.getByTestId('vietqr-code');
    expect(within(square).queryByRole('img')).toBeNull();
    expect(within(square).getByRole('alert').textContent).toBe(
      'Nội dung chuyển khoản phải gồm 1 đến 25 chữ in hoa, chữ số hoặc dấu cách',
    );
  });
});
