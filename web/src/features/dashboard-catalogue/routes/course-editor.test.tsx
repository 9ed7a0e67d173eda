import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManagedCategory, ManagedCourse } from '@/lib/api/types';
import { i18n } from '@/lib/i18n';
import { renderRoutes } from '@/testing/render';
import type * as Dashboard from '../api/dashboard';
import CourseEditorPage from './course-editor';

const api = vi.hoisted(() => ({
  createCourse: vi.fn(),
  getManagedCourse: vi.fn(),
  listManagedCategories: vi.fn(),
  saveCurriculum: vi.fn<typeof Dashboard.saveCurriculum>(),
  setCourseStatus: vi.fn(),
  updateCourse: vi.fn(),
  uploadLessonVideo: vi.fn<typeof Dashboard.uploadLessonVideo>(),
}));
vi.mock('../api/dashboard', () => api);
vi.mock('../api/material', () => ({ listCourseTypes: vi.fn().mockResolvedValue([]) }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const category = {
  id: 'cat',
  categoryName: 'Lập trình',
  slug: 'lap-trinh',
  description: '',
  courseCount: 1,
  order: 1,
  texts: { name: { vi: 'Lập trình', en: 'Programming' }, description: { vi: '', en: '' } },
} satisfies ManagedCategory;

function course(): ManagedCourse {
  return {
    _id: 'c1',
    slug: 'python',
    title: 'Lập trình Python',
    description: '',
    whatYouWillLearn: [],
    requirements: [],
    thumbnail: null,
    price: 1_000_000,
    discount: null,
    currentPrice: 1_000_000,
    currency: 'VND',
    courseBadge: null,
    level: 'Cơ bản',
    levelKey: 'beginner',
    totalSeat: 100,
    category: { id: 'cat', slug: 'lap-trinh', categoryName: 'Lập trình' },
    language: 'vi',
    courseType: null,
    fullAccess: true,
    status: 'draft',
    instructor: { userId: 't1', name: 'Minh' },
    ratingAverage: 0,
    ratingCount: 0,
    enrollmentCount: 0,
    salesCount: 0,
    lessonCount: 1,
    durationSeconds: 60,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    sections: [
      {
        id: 's1',
        title: 'Mở đầu',
        order: 1,
        lessonCount: 1,
        durationSeconds: 60,
        lessons: [
          {
            id: 'l1',
            title: 'Giới thiệu',
            order: 1,
            durationSeconds: 60,
            freePreview: false,
            videoUrl: null,
            locked: false,
          },
        ],
      },
    ],
    texts: {
      title: { vi: 'Lập trình Python', en: 'Python programming' },
      description: { vi: '', en: '' },
      whatYouWillLearn: [],
      requirements: [],
      courseBadge: null,
      sections: [
        {
          id: 's1',
          title: { vi: 'Mở đầu', en: 'Intro' },
          lessons: [{ id: 'l1', title: { vi: 'Giới thiệu', en: 'Welcome' } }],
        },
      ],
    },
  };
}

function renderEditor(at: string) {
  return renderRoutes(
    [
      { path: '/', element: <CourseEditorPage /> },
      { path: '/:id', element: <CourseEditorPage /> },
    ],
    { at },
  );
}

describe('course editor', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    for (const fn of Object.values(api)) fn.mockReset();
    api.listManagedCategories.mockResolvedValue([category]);
    api.getManagedCourse.mockResolvedValue(course());
  });

  it('shows the shared messages of the details beside their fields and sends nothing', async () => {
    renderEditor('/');
    const discount = await screen.findByLabelText('Sale price');
    fireEvent.change(discount, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }));

    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByText('The sale price must be below the price')).toBeTruthy();
    expect(screen.getByLabelText('Title (VI)').getAttribute('aria-invalid')).toBe('true');
    expect(api.createCourse).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Title (VI)'), { target: { value: 'Lập trình Rust' } });
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it("brings a new course's missing title into view and focuses it when it is submitted without one", async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderEditor('/');
    await screen.findByLabelText('Title (VI)');
    fireEvent.click(screen.getByRole('button', { name: 'Create course' }));

    const title = screen.getByLabelText('Title (VI)');
    expect(document.activeElement).toBe(title);
    expect(scrolled).toEqual([title]);
    expect(api.createCourse).not.toHaveBeenCalled();
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it("marks the lesson the curriculum rule refuses, with the server's message, and sends nothing", async () => {
    renderEditor('/c1?tab=curriculum');
    const lesson = await screen.findByRole('listitem', { name: 'Lesson 1' });
    fireEvent.change(within(lesson).getByPlaceholderText('https://…'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save curriculum' }));

    const message = 'Video links must be https links to YouTube, Vimeo or a file uploaded here';
    expect(within(lesson).getByRole('alert').textContent).toBe(message);
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(api.saveCurriculum).not.toHaveBeenCalled();
  });

  it('fills both languages of the details and the curriculum from one read of the course', async () => {
    renderEditor('/c1');
    expect((await screen.findByLabelText<HTMLInputElement>('Title (VI)')).value).toBe('Lập trình Python');
    expect(screen.getByLabelText<HTMLInputElement>('Title (EN)').value).toBe('Python programming');
    expect(api.getManagedCourse).toHaveBeenCalledTimes(1);
    expect(api.getManagedCourse).toHaveBeenCalledWith('c1', expect.anything());

    fireEvent.click(screen.getByRole('tab', { name: 'Curriculum' }));
    const section = await screen.findByRole('region', { name: 'Section 1' });
    expect(within(section).getByLabelText<HTMLInputElement>('Section title (EN)').value).toBe('Intro');
    const lesson = within(section).getByRole('listitem', { name: 'Lesson 1' });
    expect(within(lesson).getByLabelText<HTMLInputElement>('Lesson 1 title (EN)').value).toBe('Welcome');
    expect(api.getManagedCourse).toHaveBeenCalledTimes(1);
  });

  it('shows the limit beside an over-long English description and badge, and gives the texts their maxima', async () => {
    renderEditor('/c1');
    const description = await screen.findByLabelText<HTMLTextAreaElement>('Description (EN)');
    expect(description.maxLength).toBe(10_000);
    expect(screen.getByLabelText<HTMLInputElement>('Title (VI)').maxLength).toBe(200);
    fireEvent.change(description, { target: { value: 'd'.repeat(10_001) } });
    fireEvent.change(screen.getByLabelText('Badge (VI)'), { target: { value: 'b'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(screen.getByText('This field must be at most 10000 characters')).toBeTruthy();
    expect(screen.getByText('This field must be at most 200 characters')).toBeTruthy();
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(api.updateCourse).not.toHaveBeenCalled();
  });

  it.each(['https://evil.example/track.gif', '//evil.example/track.mp4', 'http://www.youtube.com/embed/aqz-KE-bpKQ'])(
    "refuses a video link the server refuses (%s), in the server's words",
    async (link) => {
      renderEditor('/c1?tab=curriculum');
      const lesson = await screen.findByRole('listitem', { name: 'Lesson 1' });
      fireEvent.change(within(lesson).getByPlaceholderText('https://…'), { target: { value: link } });
      fireEvent.click(screen.getByRole('button', { name: 'Save curriculum' }));

      const message = 'Video links must be https links to YouTube, Vimeo or a file uploaded here';
      expect(within(lesson).getByRole('alert').textContent).toBe(message);
      expect(api.saveCurriculum).not.toHaveBeenCalled();
    },
  );

  it('sends a YouTube link on', async () => {
    api.saveCurriculum.mockResolvedValue(course());
    renderEditor('/c1?tab=curriculum');
    const lesson = await screen.findByRole('listitem', { name: 'Lesson 1' });
    fireEvent.change(within(lesson).getByPlaceholderText('https://…'), {
      target: { value: 'https://youtu.be/aqz-KE-bpKQ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save curriculum' }));

    await waitFor(() => expect(api.saveCurriculum).toHaveBeenCalledOnce());
    const [, sections] = api.saveCurriculum.mock.calls[0]!;
    expect(sections[0]?.lessons[0]?.videoUrl).toBe('https://youtu.be/aqz-KE-bpKQ');
  });

  describe("a lesson's video upload", () => {
    const chosen = (name: string, type: string, size?: number) => {
      const file = new File([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112])], name, { type });
      if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
      return file;
    };
    const pick = async (file: File) => {
      const lesson = await screen.findByRole('listitem', { name: 'Lesson 1' });
      fireEvent.change(within(lesson).getByLabelText('Upload video'), { target: { files: [file] } });
      return lesson;
    };

    it('refuses a file of another type or over 2 GB with the shared rule and sends nothing', async () => {
      renderEditor('/c1?tab=curriculum');

      const lesson = await pick(chosen('lesson.mov', 'video/quicktime'));
      expect(within(lesson).getByRole('alert').textContent).toBe('Only MP4 or WebM videos are accepted.');
      await i18n.changeLanguage('vi');
      fireEvent.change(await within(lesson).findByLabelText('Tải video lên'), {
        target: { files: [chosen('lesson.mp4', 'video/mp4', 2 * 1024 ** 3 + 1)] },
      });
      expect(within(lesson).getByRole('alert').textContent).toBe('Video tối đa 2 GB.');
      expect(api.uploadLessonVideo).not.toHaveBeenCalled();
    });

    it("shows the progress, then the uploaded video as the lesson's video link", async () => {
      let finish: (url: string) => void = () => {};
      api.uploadLessonVideo.mockImplementation(
        (_course, lessonId, _file, options) =>
          new Promise((resolve) => {
            options?.onProgress?.(40);
            finish = (videoUrl) =>
              resolve({
                id: lessonId,
                title: 'Giới thiệu',
                order: 1,
                durationSeconds: 60,
                freePreview: false,
                videoUrl,
              });
          }),
      );
      renderEditor('/c1?tab=curriculum');

      const file = chosen('lesson.mp4', 'video/mp4');
      const lesson = await pick(file);

      const bar = await within(lesson).findByRole('progressbar', { name: 'Video upload progress' });
      expect(bar.getAttribute('value')).toBe('40');
      expect(within(lesson).getByText('Uploading 40%')).toBeTruthy();
      expect(api.uploadLessonVideo).toHaveBeenCalledWith('c1', 'l1', file, expect.anything());
      finish('/files/public/videos/0190a0b0c0d0e0f00112233445566778.mp4');
      await waitFor(() =>
        expect(within(lesson).getByPlaceholderText<HTMLInputElement>('https://…').value).toBe(
          '/files/public/videos/0190a0b0c0d0e0f00112233445566778.mp4',
        ),
      );
      expect(within(lesson).queryByRole('progressbar')).toBeNull();
      expect(within(lesson).getByRole('status').textContent).toBe("Video uploaded: it is now this lesson's video.");
    });

    it('cancels an upload under way', async () => {
      api.uploadLessonVideo.mockImplementation(
        (_course, _lesson, _file, options) =>
          new Promise((_resolve, reject) => {
            options?.signal?.addEventListener('abort', () => reject(new Error('canceled')));
          }),
      );
      renderEditor('/c1?tab=curriculum');
      const lesson = await pick(chosen('lesson.webm', 'video/webm'));

      fireEvent.click(await within(lesson).findByRole('button', { name: 'Cancel upload' }));

      expect((await within(lesson).findByRole('status')).textContent).toBe('Upload cancelled.');
      expect(within(lesson).queryByRole('progressbar')).toBeNull();
    });

    it("shows the server's refusal in the user's language", async () => {
      const { ApiError } = await import('@/lib/api-client');
      api.uploadLessonVideo.mockRejectedValue(
        new ApiError('Only MP4 or WebM videos are accepted.', { kind: 'bad-request', status: 415 }),
      );
      renderEditor('/c1?tab=curriculum');
      const lesson = await pick(chosen('renamed.mp4', 'video/mp4'));

      expect((await within(lesson).findByRole('alert')).textContent).toBe('Only MP4 or WebM videos are accepted.');
    });
  });
});
