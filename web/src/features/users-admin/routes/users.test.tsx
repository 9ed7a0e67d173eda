import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import type { AdminUser } from '../api/users';
import UsersAdminPage from './users';

const api = vi.hoisted(() => ({
  listUsers: vi.fn(),
  changeRole: vi.fn(),
  changeStatus: vi.fn(),
  createStaff: vi.fn(),
}));
vi.mock('../api/users', () => api);
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const admin: AdminUser = {
  userId: 'a1',
  username: 'admin01',
  email: 'admin@academy.vn',
  firstName: 'An',
  lastName: 'Lê',
  roleName: 'ADMIN',
  status: 'active',
};
const student: AdminUser = {
  userId: 's1',
  username: 'student01',
  email: 's@academy.vn',
  firstName: 'Bình',
  lastName: 'Phạm',
  roleName: 'STUDENT',
  status: 'locked',
};

describe('UsersAdminPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    for (const fn of Object.values(api)) fn.mockReset();
    api.listUsers.mockResolvedValue({ items: [admin, student], total: 45, page: 1, pageSize: 20 });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  const renderPage = () => renderAt(<UsersAdminPage />, { auth: { user: user('ADMIN', { userId: 'a1' }) } });

  it('lists users with role, status and pages, and marks the signed-in one', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('(you)')).toBeTruthy();
    expect(within(rows[0]!).getByRole<HTMLSelectElement>('combobox', { name: 'Role of An Lê' }).value).toBe('ADMIN');
    expect(within(rows[1]!).getByTestId('user-status').textContent).toBe('Locked');
    expect(screen.getByText('45 users')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(api.listUsers).toHaveBeenCalledWith({ search: '', role: '', page: 1 }, expect.anything());
  });

  it('searches (after typing pauses), filters by role and pages', async () => {
    renderPage();
    await screen.findAllByTestId('user-row');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'bình' } });
    await waitFor(() =>
      expect(api.listUsers).toHaveBeenLastCalledWith({ search: 'bình', role: '', page: 1 }, expect.anything()),
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Role' }), { target: { value: 'TEACHER' } });
    await waitFor(() =>
      expect(api.listUsers).toHaveBeenLastCalledWith({ search: 'bình', role: 'TEACHER', page: 1 }, expect.anything()),
    );
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: /Next/ }).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() =>
      expect(api.listUsers).toHaveBeenLastCalledWith({ search: 'bình', role: 'TEACHER', page: 2 }, expect.anything()),
    );
  });

  it('changes a role and unlocks an account, then reloads the page', async () => {
    api.changeRole.mockResolvedValue({ code: 1000 });
    api.changeStatus.mockResolvedValue({ code: 1000 });
    renderPage();
    const rows = await screen.findAllByTestId('user-row');
    fireEvent.change(within(rows[1]!).getByRole('combobox'), { target: { value: 'TEACHER' } });
    await waitFor(() => expect(api.changeRole).toHaveBeenCalledWith('s1', 'TEACHER'));
    expect(toast.success).toHaveBeenCalledWith('Bình Phạm is now Teacher');
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Unlock Bình Phạm' }));
    await waitFor(() => expect(api.changeStatus).toHaveBeenCalledWith('s1', 'active'));
    await waitFor(() => expect(api.listUsers).toHaveBeenCalledTimes(3));
  });

  it("offers staff only what the account rule lets them do: nothing on an administrator's row, no admin role", async () => {
    const staff: AdminUser = { ...student, userId: 'f1', username: 'staff01', roleName: 'STAFF', status: 'active' };
    api.listUsers.mockResolvedValue({ items: [admin, student, staff], total: 3, page: 1, pageSize: 20 });
    renderAt(<UsersAdminPage />, { auth: { user: user('STAFF', { userId: 'f1' }) } });
    const rows = await screen.findAllByTestId('user-row');

    expect(within(rows[0]!).queryByRole('combobox')).toBeNull();
    expect(within(rows[0]!).getByTestId('user-role').textContent).toBe('Admin');
    expect(within(rows[0]!).queryByRole('button', { name: 'Lock An Lê' })).toBeNull();

    const choices = within(rows[1]!)
      .getAllByRole<HTMLOptionElement>('option')
      .map((option) => option.value);
    expect(choices).toEqual(['STAFF', 'TEACHER', 'STUDENT']);
    expect(within(rows[1]!).getByRole('button', { name: 'Unlock Bình Phạm' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: /^Lock / })).toBeTruthy();
  });

  it("shows the server's refusal, e.g. locking the last admin", async () => {
    api.changeStatus.mockRejectedValue(
      new ApiError('The last administrator cannot be locked', { kind: 'bad-request', status: 409, code: 1005 }),
    );
    renderPage();
    const rows = await screen.findAllByTestId('user-row');
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Lock An Lê' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The change could not be saved', {
        description: 'The last administrator cannot be locked',
      }),
    );
  });

  it('creates a staff account after the shared rules pass', async () => {
    api.createStaff.mockResolvedValue({ code: 1000 });
    renderPage();
    await screen.findAllByTestId('user-row');
    fireEvent.click(screen.getByRole('button', { name: 'Create staff account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a staff account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Username must be at least 6 characters')).toBeTruthy();

    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill(/^First name/, 'Chi');
    fill(/^Last name/, 'Võ');
    fill(/^Username/, 'staff02');
    fill(/^Email/, 'chi@academy.vn');
    fill(/^Password\*?$/, 'Staff#2025');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(api.createStaff).toHaveBeenCalledWith({
        firstName: 'Chi',
        lastName: 'Võ',
        username: 'staff02',
        email: 'chi@academy.vn',
        password: 'Staff#2025',
      }),
    );
    expect(toast.success).toHaveBeenCalledWith('Staff account staff02 created');
  });

  it('shows a new role at once, and the old one again when the server refuses', async () => {
    toast.success.mockClear();
    toast.error.mockClear();
    let refuse: (error: Error) => void = () => undefined;
    api.changeRole.mockReturnValue(new Promise((_resolve, reject) => (refuse = reject)));
    renderPage();
    const rows = await screen.findAllByTestId('user-row');
    const role = () => within(screen.getAllByTestId('user-row')[1]!).getByRole<HTMLSelectElement>('combobox');
    fireEvent.change(within(rows[1]!).getByRole('combobox'), { target: { value: 'TEACHER' } });
    await waitFor(() => expect(role().value).toBe('TEACHER'));
    expect(toast.success).not.toHaveBeenCalled();

    refuse(new ApiError('Not allowed', { kind: 'bad-request', status: 403 }));
    await waitFor(() => expect(role().value).toBe('STUDENT'));
    expect(toast.error).toHaveBeenCalledWith('The change could not be saved', { description: 'Not allowed' });
  });
});
