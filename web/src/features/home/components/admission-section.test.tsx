import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { sendAdmissionMessage } from '../api/home';
import { AdmissionSection } from './admission-section';

vi.mock('../api/home', () => ({ sendAdmissionMessage: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function fill() {
  render(
    <I18nextProvider i18n={i18n}>
      <AdmissionSection />
    </I18nextProvider>,
  );
  const form = screen.getByTestId<HTMLFormElement>('admission-form');
  const set = (name: string, value: string) =>
    fireEvent.change(form.querySelector(`[name="${name}"]`)!, { target: { value } });
  set('name', 'Nguyễn Văn An');
  set('email', 'an@example.com');
  set('phone', '0901234567');
  set('courseName', 'Python');
  return form;
}

describe('admission form', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it('sends the four fields (no empty message), shows "Message sent successfully" and clears the form', async () => {
    vi.mocked(sendAdmissionMessage).mockResolvedValue({ ok: true });
    const form = fill();
    fireEvent.submit(form);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Message sent successfully'));
    expect(sendAdmissionMessage).toHaveBeenCalledWith({
      name: 'Nguyễn Văn An',
      email: 'an@example.com',
      phone: '0901234567',
      courseName: 'Python',
      message: '',
    });
    expect((form.querySelector('[name="name"]') as HTMLInputElement).value).toBe('');
  });

  it('shows "Failed to send message: {error}" and keeps the form', async () => {
    vi.mocked(sendAdmissionMessage).mockResolvedValue({ ok: false, error: 'Invalid phone' });
    const form = fill();
    fireEvent.submit(form);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to send message: Invalid phone'));
    expect((form.querySelector('[name="name"]') as HTMLInputElement).value).toBe('Nguyễn Văn An');
  });

  it('says "Unknown error" when the server gives no reason', async () => {
    vi.mocked(sendAdmissionMessage).mockResolvedValue({ ok: false });
    fireEvent.submit(fill());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to send message: Unknown error'));
  });

  it('says "Failed to send message" when no answer comes', async () => {
    vi.mocked(sendAdmissionMessage).mockRejectedValue(new Error('Network Error'));
    fireEvent.submit(fill());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to send message'));
  });
});
