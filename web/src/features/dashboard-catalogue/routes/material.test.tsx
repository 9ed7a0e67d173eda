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
  id,
  code,
  name: { vi, en },
  description: { vi: '', en: '' },
  credits: 3,
  ownerId: 't1',
  ownerName: 'Minh',
  canEdit: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('subject form', () => {
  beforeEach(() => {
    api.createSubject.mockReset().mockResolvedValue('s-new');
  });

  it('checks every field with the shared rule before sending, with the texts the server answers with', async () => {
    await i18n.changeLanguage('en');
    renderAt(<SubjectEditorPage />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'py 101' } });
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: '61' } });
    fireEvent.change(screen.getByLabelText('Description (VI)'), { target: { value: 'x'.repeat(10_001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(
      screen.getByText('Use 2 to 40 letters, digits, dots or dashes, starting with a letter or digit'),
    ).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 0 to 60')).toBeTruthy();
    expect(screen.getByText('This field must be at most 10000 characters')).toBeTruthy();
    expect(screen.getByLabelText('Credits').getAttribute('aria-invalid')).toBe('true');
    expect(api.createSubject).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Name (VI)'), { target: { value: 'Lập trình Python' } });
    fireEvent.change(screen.getByLabelText('Credits'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Description (VI)'), { target: { value: 'Mô tả' } });
    expect(screen.queryByText('This field is required')).toBeNull();
    expect(screen.queryByText('Enter a whole number from 0 to 60')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Use 2 to 40 letters/)).toBeTruthy();
    expect(api.createSubject).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'PY101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.createSubject).toHaveBeenCalledTimes(1));
    expect(api.createSubject.mock.calls[0]?.[0]).toMatchObject({
      code: 'PY101',
      name: { vi: 'Lập trình Python', en: '' },
      credits: 4,
    });
    expect(await screen.findByTestId('location')).toHaveProperty('textContent', '/dashboard/subjects/view/s-new');
  });

  it("shows the server's field texts when a save the rules passed is refused", async () => {
    await i18n.changeLanguage('en');
    api.createSubject.mockRejectedValueOnce(
      new ApiError('Invalid', {
        kind: 'bad-request',
        status: 422,
        code: 1006,
        fields: { code: 'This code is taken' },
      }),
    );
    renderAt(<SubjectEditorPage />);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'PY101' } });
    fireEvent.change(screen.getByLabelText('Name (VI)'), { target: { value: 'Python' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This code is taken')).toBeTruthy();
    expect(api.createSubject).toHaveBeenCalledTimes(1);
  });

  it('speaks Vietnamese when the page is in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    renderAt(<SubjectEditorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(screen.getAllByText('Trường này là bắt buộc')).toHaveLength(2);
    expect(api.createSubject).not.toHaveBeenCalled();
  });
});

describe('syllabus form', () => {
  beforeEach(() => {
    api.listSubjects
      .mockReset()
      .mockResolvedValue([subject('a', 'PY101', 'Python', 'Python'), subject('b', 'WEB201', 'Web', 'Web')]);
    api.listTeachers.mockReset().mockResolvedValue([]);
    api.createSyllabus.mockReset().mockResolvedValue('y-new');
    api.updateSyllabus.mockReset();
  });

  it('checks the code, weeks, status and repeated subjects with the shared rule before sending', async () => {
    await i18n.changeLanguage('vi');
    const a = subject('a', 'PY101', 'Python', 'Python');
    api.getSyllabus.mockReset().mockResolvedValue({
      id: 'y1',
      code: 'x',
      name: { vi: 'Lộ trình cũ', en: '' },
      description: { vi: '', en: '' },
      durationWeeks: 0,
      status: 'open',
      ownerId: null,
      ownerName: '',
      subjectCount: 2,
      subjects: [a, a],
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    });
    renderRoutes([{ path: '/dashboard/syllabus/edit/:id', element: <SyllabusEditorPage /> }], {
      at: '/dashboard/syllabus/edit/y1',
      auth: { user: user('STAFF') },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Lưu' }));

    expect(
      screen.getByText('Dùng 2 đến 40 chữ cái, chữ số, dấu chấm hoặc gạch ngang, bắt đầu bằng chữ hoặc số'),
    ).toBeTruthy();
    expect(screen.getByText('Nhập một số nguyên từ 1 đến 520')).toBeTruthy();
    expect(screen.getByText('Trạng thái không hợp lệ')).toBeTruthy();
    expect(screen.getByText('Mỗi môn học chỉ được chọn một lần')).toBeTruthy();
    expect(api.updateSyllabus).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Thời lượng (tuần)'), { target: { value: '8' } });
    expect(screen.queryByText('Nhập một số nguyên từ 1 đến 520')).toBeNull();
    const items = within(screen.getByTestId('syllabus-subjects')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    fireEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Bỏ Python' }));
    expect(screen.queryByText('Mỗi môn học chỉ được chọn một lần')).toBeNull();
    fireEvent.change(screen.getByLabelText('Mã'), { target: { value: 'SYL-1' } });
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: 'published' } });
    expect(screen.queryByText('Trạng thái không hợp lệ')).toBeNull();

    api.updateSyllabus.mockResolvedValueOnce({ id: 'y1' });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await vi.waitFor(() => expect(api.updateSyllabus).toHaveBeenCalledTimes(1));
    expect(api.updateSyllabus.mock.calls[0]).toEqual([
      'y1',
      expect.objectContaining({
        code: 'SYL-1',
        durationWeeks: 8,
        status: 'published',
        subjects: ['a'],
      }),
    ]);
  });

  it('sends the subjects in the order the editor arranged them', async () => {
    await i18n.changeLanguage('en');
    renderRoutes(
      [
        { path: '/dashboard/syllabus/add', element: <SyllabusEditorPage /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      {
        at: '/dashboard/syllabus/add',
        auth: { user: user('STAFF') },
      },
    );
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
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('WEB201'),
      expect.stringContaining('PY101'),
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.createSyllabus).toHaveBeenCalledTimes(1));
    expect(api.createSyllabus.mock.calls[0]?.[0]).toMatchObject({
      code: 'SYL-1',
      durationWeeks: 12,
      status: 'draft',
      subjects: ['b', 'a'],
    });
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
