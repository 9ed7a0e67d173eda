import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { renderAt, renderRoutes, user } from '@/testing/render';
import { SubjectEditorPage } from './subjects';
import { SyllabusEditorPage } from './syllabuses';

const api = vi.hoisted(() => ({
  SYLLABUS_STATUSES: ['draft', 'published', 'archived'],
  listSubjects: vi.fn(),
  getSubject: vi.fn(),
  createSubject: vi.fn(),
  updateSubject: vi.fn(),
  listSyllabuses: vi.fn(),
  getSyllabus: vi.fn(),
  createSyllabus: vi.fn(),
  updateSyllabus: vi.fn(),
  listTeachers: vi.fn(),
}));
vi.mock('../api/material', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const subject = (id: string, code: string, vi: string, en: string) => ({
  id, code, name: { vi, en }, description: { vi: '', en: '' }, credits: 3, ownerId: 't1', ownerName: 'Minh', canEdit: true,
  createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('subject form', () => {
  beforeEach(() => {
    api.createSubject.mockReset().mockResolvedValue('s-new');
  });

  it('checks the names with the shared rule before sending, then shows the server\'s field texts', async () => {
    await i18n.changeLanguage('en');
    renderAt(<SubjectEditorPage />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'py 101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(api.createSubject).not.toHaveBeenCalled();

    api.createSubject.mockRejectedValueOnce(new ApiError('Invalid', {
      kind: 'bad-request', status: 422, code: 1006,
      fields: { code: 'Use 2 to 40 letters, digits, dots or dashes, starting with a letter or digit' },
    }));
    fireEvent.change(screen.getByLabelText('Name (VI)'), { target: { value: 'Lập trình Python' } });
    expect(screen.queryByText('This field is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Use 2 to 40 letters/)).toBeTruthy();
    expect(api.createSubject.mock.calls[0]?.[0]).toMatchObject({ code: 'py 101', name: { vi: 'Lập trình Python', en: '' }, credits: 3 });

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'PY101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.createSubject).toHaveBeenCalledTimes(2));
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/dashboard/subjects/view/s-new');
  });

  it('speaks Vietnamese when the page is in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    renderAt(<SubjectEditorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(screen.getByText('Trường này là bắt buộc')).toBeTruthy();
    expect(api.createSubject).not.toHaveBeenCalled();
  });
});

describe('syllabus form', () => {
  beforeEach(() => {
    api.listSubjects.mockReset().mockResolvedValue([subject('a', 'PY101', 'Python', 'Python'), subject('b', 'WEB201', 'Web', 'Web')]);
    api.listTeachers.mockReset().mockResolvedValue([]);
    api.createSyllabus.mockReset().mockResolvedValue('y-new');
  });

  it('sends the subjects in the order the editor arranged them', async () => {
    await i18n.changeLanguage('en');
    renderRoutes([{ path: '/dashboard/syllabus/add', element: <SyllabusEditorPage /> }, { path: '*', element: <p>elsewhere</p> }], {
      at: '/dashboard/syllabus/add',
      auth: { user: user('STAFF') },
    });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'SYL-1' } });
    fireEvent.change(screen.getByLabelText('Name (VI)'), { target: { value: 'Lộ trình web' } });
    const pick = await screen.findByLabelText('Choose a subject to add');
    await screen.findByRole('option', { name: 'PY101 — Python' });
    fireEvent.change(pick, { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add subject' }));
    fireEvent.change(pick, { target: { value: 'b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add subject' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Web up' }));
    const items = within(screen.getByTestId('syllabus-subjects')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('WEB201'), expect.stringContaining('PY101')]);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.createSyllabus).toHaveBeenCalledTimes(1));
    expect(api.createSyllabus.mock.calls[0]?.[0]).toMatchObject({ code: 'SYL-1', durationWeeks: 12, status: 'draft', subjects: ['b', 'a'] });
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
