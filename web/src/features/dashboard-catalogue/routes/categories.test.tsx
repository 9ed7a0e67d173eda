import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAt } from '@/testing/render';
import CategoriesPage from './categories';

const api = vi.hoisted(() => ({
  listManagedCategories: vi.fn(),
  createCategory: vi.fn(),
  updateCategory: vi.fn(),
  deleteCategory: vi.fn(),
}));
vi.mock('../api/dashboard', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

async function openNewCategory() {
  renderAt(<CategoriesPage />);
  fireEvent.click(await screen.findByRole('button', { name: /Add category|Thêm chuyên mục/ }));
  return screen.getByRole('dialog');
}

const nameVi = (dialog: HTMLElement) => within(dialog).getByLabelText(/\(VI\)$/, { selector: '#cat-name-vi' });

describe('category form', () => {
  beforeEach(() => {
    api.listManagedCategories.mockReset().mockResolvedValue([]);
    api.createCategory.mockReset().mockResolvedValue({ id: 'new' });
  });

  it("shows the shared rules' messages before anything is sent, and they follow each edit", async () => {
    await i18n.changeLanguage('en');
    const dialog = await openNewCategory();
    fireEvent.change(within(dialog).getByLabelText('Slug'), { target: { value: 'Bad Slug' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('Use lower-case letters, digits and dashes only')).toBeTruthy();
    expect(nameVi(dialog).getAttribute('aria-invalid')).toBe('true');
    expect(api.createCategory).not.toHaveBeenCalled();

    fireEvent.change(nameVi(dialog), { target: { value: 'Thiết kế' } });
    expect(within(dialog).queryByText('This field is required')).toBeNull();
    expect(within(dialog).getByText('Use lower-case letters, digits and dashes only')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Slug'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.createCategory).toHaveBeenCalledTimes(1));
    expect(api.createCategory.mock.calls[0]?.[0]).toMatchObject({ name: { vi: 'Thiết kế', en: '' }, slug: '' });
  });

  it('speaks the active language: Vietnamese messages in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    const dialog = await openNewCategory();
    fireEvent.change(within(dialog).getByLabelText(/\(EN\)$/, { selector: '#cat-name-en' }), {
      target: { value: 'x'.repeat(201) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(within(dialog).getByText('Trường này là bắt buộc')).toBeTruthy();
    expect(within(dialog).getByText('Trường này tối đa 200 ký tự')).toBeTruthy();
    expect(api.createCategory).not.toHaveBeenCalled();
  });
});
