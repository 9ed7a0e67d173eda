import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { todayIn } from '@/lib/dates';
import type { UploadEvent } from '../api/profile';
import type { ProfileUser } from '../types';
import { UpdateProfileDialog } from './update-profile-dialog';
import { loadAccountRules } from '@/lib/wasm-account';

const api = vi.hoisted(() => ({ updateProfile: vi.fn(), uploadAvatar: vi.fn() }));
vi.mock('../api/profile', () => api);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const lan: ProfileUser = {
  userId: 'u1',
  firstName: 'Lan',
  lastName: 'Trần',
  email: 'lan@example.com',
  phoneNumber: '',
  address: '',
  dob: '1998-03-15T00:00:00Z',
  avatar: 'https://cdn.example/old.png',
  roleName: 'STUDENT',
};

function renderDialog() {
  const onOpenChange = vi.fn();
  const onUpdated = vi.fn();
  const onEmailPending = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <UpdateProfileDialog
        user={lan}
        open
        onOpenChange={onOpenChange}
        onUpdated={onUpdated}
        onEmailPending={onEmailPending}
      />
    </I18nextProvider>,
  );
  return { onOpenChange, onUpdated, onEmailPending };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: /Save changes|Updating\.\.\./ }) as HTMLButtonElement;
const png = (bytes: number) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('UpdateProfileDialog', () => {
  // The account rules arrive before the form is drawn (their loading is covered by the strength meter's test).
  beforeAll(() => loadAccountRules());
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    api.updateProfile.mockReset();
    api.uploadAvatar.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('is an accessible dialog with every field filled from the user; date of birth at most today; photo images only and marked required', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Update profile' })).toBeTruthy();
    expect(field(/^First name/).value).toBe('Lan');
    expect(field(/^Last name/).value).toBe('Trần');
    expect(field(/^Email/).value).toBe('lan@example.com');
    expect(field(/^Phone number/).value).toBe('');
    expect(field(/^Address/).value).toBe('');
    expect(field(/^Date of birth/).value).toBe('1998-03-15');
    expect(field(/^Date of birth/).max).toBe(todayIn('Asia/Ho_Chi_Minh'));
    const photo = field(/^Photo/);
    expect(photo.accept).toBe('image/jpeg,image/png,image/gif,image/webp');
    expect(photo.getAttribute('aria-required')).toBe('true');
  });

  it("shows each field's own error text from the shared rules", async () => {
    renderDialog();
    fill(/^First name/, 'L');
    fill(/^Last name/, ' ');
    fill(/^Email/, 'nope');
    fill(/^Date of birth/, '2999-01-01');
    fireEvent.change(field(/^Photo/), { target: { files: [png(4_000_000)] } });
    expect(screen.getByText('Image size must be less than 3.6MB')).toBeTruthy();
    fireEvent.click(submit());
    expect(await screen.findByText('First name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getByText('Image size must be less than 3.6MB')).toBeTruthy();
    expect(api.updateProfile).not.toHaveBeenCalled();
  });

  it("refuses a file that is not an accepted image with the shared rule's text, the one the server gives", () => {
    renderDialog();
    fireEvent.change(field(/^Photo/), { target: { files: [new File(['x'], 'a.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByText('Only JPEG, PNG, GIF or WebP images are accepted.')).toBeTruthy();
    fireEvent.change(field(/^Photo/), {
      target: { files: [new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' })] },
    });
    expect(screen.getByText('Only JPEG, PNG, GIF or WebP images are accepted.')).toBeTruthy();
  });

  it('uploads the photo with its progress, shows "Updating...", sends the payload without empty values, then closes', async () => {
    let finishUpload: (url: string) => void = () => undefined;
    let step: (e: UploadEvent) => void = () => undefined;
    api.uploadAvatar.mockImplementation((_file: File, _texts: unknown, onStep: (e: UploadEvent) => void) => {
      step = onStep;
      return new Promise((resolve) => (finishUpload = resolve));
    });
    api.updateProfile.mockResolvedValue({ code: 1000 });
    const { onOpenChange, onUpdated } = renderDialog();
    fill(/^Address/, '  12 Lê Lợi ');
    fireEvent.change(field(/^Photo/), { target: { files: [png(100)] } });
    fireEvent.click(submit());

    await waitFor(() => expect(submit().textContent).toBe('Updating...'));
    expect(submit().disabled).toBe(true);
    act(() => step({ step: 'started' }));
    expect(screen.getByTestId('upload-progress').textContent).toContain('10%');
    act(() => step({ step: 'urlReceived' }));
    expect(screen.getByTestId('upload-progress').textContent).toContain('30%');
    act(() => step({ step: 'sending', loaded: 50, total: 100 }));
    expect(screen.getByTestId('upload-progress').textContent).toContain('50%');
    act(() => step({ step: 'uploaded' }));
    expect(screen.getByTestId('upload-progress').textContent).toContain('70%');
    act(() => step({ step: 'done' }));
    expect(screen.getByTestId('upload-progress').textContent).toContain('100%');
    finishUpload('https://cdn.example/new.png');

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(api.updateProfile).toHaveBeenCalledWith('u1', {
      firstName: 'Lan',
      lastName: 'Trần',
      email: 'lan@example.com',
      address: '12 Lê Lợi',
      dob: '1998-03-15',
      avatar: 'https://cdn.example/new.png',
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Profile updated successfully' });
    expect(onUpdated).toHaveBeenCalled();
  });

  it('stays open with a destructive "Error" toast carrying the server message when the code is not 1000', async () => {
    api.updateProfile.mockRejectedValue(
      new ApiError('Email already used', { kind: 'bad-request', status: 409, code: 1005 }),
    );
    const { onOpenChange } = renderDialog();
    fireEvent.click(submit());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Email already used' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(submit().disabled).toBe(false);
  });

  it('falls back to "Update failed", and shows an exception\'s message or "Failed to update profile"', async () => {
    api.updateProfile
      .mockRejectedValueOnce(new ApiError('', { kind: 'envelope', status: 200, code: 1001 }))
      .mockRejectedValueOnce(new Error('Upload failed with status 403'))
      .mockRejectedValueOnce('weird');
    renderDialog();
    fireEvent.click(submit());
    await waitFor(() => expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Update failed' }));
    fireEvent.click(submit());
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Upload failed with status 403' }),
    );
    fireEvent.click(submit());
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith('Error', { description: 'Failed to update profile' }),
    );
  });

  it('asks for the current password only while the email differs, requires it, and sends it with the new address', async () => {
    api.updateProfile.mockResolvedValue({ code: 1000, result: { ...lan, pendingEmail: 'lan.moi@example.com' } });
    renderDialog();
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fill(/^Email/, ' LAN@example.com ');
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fill(/^Email/, 'lan.moi@example.com');
    expect(field(/^Current password/).getAttribute('aria-required')).toBe('true');

    fireEvent.click(submit());
    expect(await screen.findByText('Enter your current password to change your email')).toBeTruthy();
    expect(api.updateProfile).not.toHaveBeenCalled();

    fill(/^Current password/, 'Violet#Harbour-2026');
    fireEvent.click(submit());
    await waitFor(() => expect(api.updateProfile).toHaveBeenCalled());
    expect(api.updateProfile.mock.calls[0]?.[1]).toMatchObject({
      email: 'lan.moi@example.com',
      currentPassword: 'Violet#Harbour-2026',
    });
  });

  it('tells the person to open the link sent to the new address and hands that address to the page', async () => {
    api.updateProfile.mockResolvedValue({ code: 1000, result: { ...lan, pendingEmail: 'lan.moi@example.com' } });
    const { onEmailPending, onOpenChange } = renderDialog();
    fill(/^Email/, 'lan.moi@example.com');
    fill(/^Current password/, 'Violet#Harbour-2026');
    fireEvent.click(submit());

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(toast.success).toHaveBeenLastCalledWith('Success', {
      description:
        'Profile updated. To finish changing your email, open the link we sent to lan.moi@example.com. Until then your email stays the same.',
    });
    expect(onEmailPending).toHaveBeenCalledWith('lan.moi@example.com');
  });

  it("shows the server's word on a wrong current password beside the field", async () => {
    api.updateProfile.mockRejectedValue(
      new ApiError('The current password is incorrect', {
        kind: 'bad-request',
        status: 422,
        code: 1006,
        fields: { currentPassword: 'The current password is incorrect' },
      }),
    );
    const { onOpenChange } = renderDialog();
    fill(/^Email/, 'lan.moi@example.com');
    fill(/^Current password/, 'wrong-password');
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The current password is incorrect'));
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("gives each text its shared maximum, and a longer value kept from before the limits gets the limit's text", async () => {
    const long = { ...lan, address: 'Đường '.repeat(50) };
    render(
      <I18nextProvider i18n={i18n}>
        <UpdateProfileDialog user={long} open onOpenChange={vi.fn()} onUpdated={vi.fn()} />
      </I18nextProvider>,
    );
    expect(field(/^First name/).maxLength).toBe(50);
    expect(field(/^Email/).maxLength).toBe(254);
    expect(field(/^Phone number/).maxLength).toBe(20);
    expect(field(/^Address/).maxLength).toBe(255);
    fireEvent.click(submit());
    expect(await screen.findByText('This field must be at most 255 characters')).toBeTruthy();
    expect(field(/^Address/).getAttribute('aria-invalid')).toBe('true');
    expect(api.updateProfile).not.toHaveBeenCalled();
    await act(() => i18n.changeLanguage('vi'));
    fireEvent.click(screen.getByRole('button', { name: /Lưu thay đổi|Save changes/ }));
    expect(await screen.findByText('Trường này tối đa 255 ký tự')).toBeTruthy();
  });
});
