import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { renderAt, user } from '@/testing/render';
import type { LearningCourse, LessonContent } from '../api/types';
import EnrollLecturesPage from './enroll-lectures';

const api = vi.hoisted(() => ({
  fetchLearningCourse: vi.fn(),
  fetchLesson: vi.fn(),
  setCompletion: vi.fn(),
  rememberLesson: vi.fn(),
  saveLessonText: vi.fn(),
}));
vi.mock('../api/learning', () => api);
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function course(extra: Partial<LearningCourse> = {}): LearningCourse {
  return {
    _id: 'c1',
    slug: 'rust',
    title: 'Rust programming',
    thumbnail: null,
    instructor: { name: 'Khoa Nguyễn', image: null },
    role: 'student',
    progress: { completedLessons: 1, totalLessons: 3, percent: 33, completed: false },
    resumeLessonId: 'l2',
    sections: [
      {
        id: 's1',
        title: 'Start',
        lessons: [
          { id: 'l1', title: 'Welcome', durationSeconds: 60, freePreview: true, kind: 'video', completed: true },
          { id: 'l2', title: 'Install', durationSeconds: 125, freePreview: false, kind: 'video', completed: false },
          { id: 'l3', title: 'Summary', durationSeconds: 30, freePreview: false, kind: 'text', completed: false },
        ],
      },
    ],
    ...extra,
  };
}

function lesson(id: string, extra: Partial<LessonContent> = {}): LessonContent {
  return {
    id,
    courseId: 'c1',
    title: id,
    durationSeconds: 60,
    freePreview: false,
    kind: 'video',
    player: { kind: 'embed', url: `https://www.youtube-nocookie.com/embed/${id}` },
    text: '',
    completed: false,
    ...extra,
  };
}

function renderPage(at = '/?id=c1') {
  return renderAt(<EnrollLecturesPage />, { at, auth: { user: user('STUDENT') } });
}

describe('EnrollLecturesPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    for (const fn of Object.values(api)) fn.mockReset();
    api.fetchLesson.mockImplementation((_course: string, id: string) => Promise.resolve(lesson(id)));
    api.rememberLesson.mockResolvedValue(undefined);
  });

  it('resumes at the lesson opened last, plays it in the privacy-friendly player and remembers it', async () => {
    api.fetchLearningCourse.mockResolvedValue(course());
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Rust programming' })).toBeTruthy();
    expect(screen.getByTestId('lesson-title').textContent).toBe('Install');
    const frame = await screen.findByTitle('l2');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/l2');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
    await waitFor(() => expect(api.rememberLesson).toHaveBeenCalledWith('c1', 'l2'));
  });

  it('marks a lesson complete: the check at once, the progress as the server counts it', async () => {
    api.fetchLearningCourse.mockResolvedValue(course());
    api.setCompletion.mockResolvedValue({
      lessonId: 'l2',
      lessonCompleted: true,
      progress: { completedLessons: 2, totalLessons: 3, percent: 66, completed: false },
    });
    renderPage();
    const button = await screen.findByRole('button', { name: 'Mark as complete' });

    const after = course({ progress: { completedLessons: 2, totalLessons: 3, percent: 66, completed: false } });
    after.sections[0]!.lessons[1]!.completed = true;
    api.fetchLearningCourse.mockResolvedValue(after);
    fireEvent.click(button);

    expect(await screen.findByRole('button', { name: 'Completed' })).toBeTruthy();
    await waitFor(() => expect(api.setCompletion).toHaveBeenCalledWith('c1', 'l2', true));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('66'));
    expect(screen.getByText('2/3 lessons')).toBeTruthy();
  });

  it('reads a reading lesson and moves between lessons from the curriculum', async () => {
    api.fetchLearningCourse.mockResolvedValue(course());
    api.fetchLesson.mockImplementation((_course: string, id: string) =>
      Promise.resolve(
        id === 'l3' ? lesson('l3', { kind: 'text', player: null, text: 'First part.\n\nSecond part.' }) : lesson(id),
      ),
    );
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Course content' });

    fireEvent.click(within(nav).getByRole('button', { name: /Summary/ }));

    const text = await screen.findByTestId('lesson-text');
    expect([...text.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['First part.', 'Second part.']);
    expect(screen.getByText('Reading: the lesson is below')).toBeTruthy();
    expect(
      within(nav)
        .getByRole('button', { name: /Summary/ })
        .getAttribute('aria-current'),
    ).toBe('step');
  });

  it('congratulates a learner who completed the course and invites a review', async () => {
    api.fetchLearningCourse.mockResolvedValue(
      course({ progress: { completedLessons: 3, totalLessons: 3, percent: 100, completed: true } }),
    );
    renderPage();

    expect(await screen.findByText('Congratulations! You have completed this course.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review the course' }).getAttribute('href')).toBe(
      '/course/details/c1#reviews',
    );
  });

  it('shows the teacher every lesson without progress or a complete button', async () => {
    api.fetchLearningCourse.mockResolvedValue(course({ role: 'teacher', progress: null }));
    renderPage();

    expect(await screen.findByTestId('preview-note')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByTestId('mark-complete')).toBeNull();
    expect(api.rememberLesson).not.toHaveBeenCalled();
  });

  it("lets the course's teacher write a lesson's text in both languages", async () => {
    api.fetchLearningCourse.mockResolvedValue(course({ role: 'teacher', progress: null }));
    api.fetchLesson.mockImplementation((_course: string, id: string) =>
      Promise.resolve(lesson(id, { texts: { vi: 'Cũ', en: 'Old' } })),
    );
    api.saveLessonText.mockResolvedValue(undefined);
    renderPage();

    fireEvent.click(await screen.findByTestId('edit-lesson-text'));
    fireEvent.change(screen.getByLabelText('English text'), { target: { value: 'New notes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the text' }));

    await waitFor(() => expect(api.saveLessonText).toHaveBeenCalledWith('c1', 'l2', { vi: 'Cũ', en: 'New notes' }));
  });

  it('tells someone not enrolled to enrol, with a link to the course', async () => {
    api.fetchLearningCourse.mockRejectedValue(new ApiError('no', { kind: 'envelope', status: 403, code: 1003 }));
    renderPage();

    expect(await screen.findByText('You are not enrolled in this course')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the course' }).getAttribute('href')).toBe('/course/details/c1');
  });

  it('says the course was not found without an id or for an unknown one', async () => {
    renderPage('/');
    expect(await screen.findByText('Course not found')).toBeTruthy();
    expect(api.fetchLearningCourse).not.toHaveBeenCalled();
  });
});
