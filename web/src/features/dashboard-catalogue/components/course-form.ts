import type { ManagedCourse } from '@/lib/api/types';
import type { CourseBody, Localized, SectionBody } from '../api/dashboard';

/** The course details form: texts in both languages, lists one item per line, numbers as typed. */
export interface CourseForm {
  title: Localized;
  slug: string;
  description: Localized;
  outcomes: Localized;
  requirements: Localized;
  badge: Localized;
  thumbnail: string;
  price: string;
  discount: string;
  currency: string;
  level: string;
  totalSeat: string;
  categoryId: string;
  typeId: string;
  language: string;
}

export const LEVEL_KEYS = ['beginner', 'intermediate', 'advanced'] as const;
export const CURRENCY_CODES = ['VND', 'USD'] as const;

export const emptyCourseForm: CourseForm = {
  title: { vi: '', en: '' },
  slug: '',
  description: { vi: '', en: '' },
  outcomes: { vi: '', en: '' },
  requirements: { vi: '', en: '' },
  badge: { vi: '', en: '' },
  thumbnail: '',
  price: '0',
  discount: '',
  currency: 'VND',
  level: 'beginner',
  totalSeat: '100',
  categoryId: '',
  typeId: '',
  language: 'vi',
};

/** Each language's lines of a list, one text per language. */
function joinLines(items: Localized[]): Localized {
  return { vi: items.map((item) => item.vi).join('\n'), en: items.map((item) => item.en).join('\n') };
}

/** Builds the form from the course as the editor reads it (its texts in both languages). */
export function courseToForm(course: ManagedCourse): CourseForm {
  const { texts } = course;
  return {
    title: texts.title,
    slug: course.slug,
    description: texts.description,
    outcomes: joinLines(texts.whatYouWillLearn),
    requirements: joinLines(texts.requirements),
    badge: texts.courseBadge ?? { vi: '', en: '' },
    thumbnail: course.thumbnail ?? '',
    price: String(course.price),
    discount: course.discount === null || course.discount === undefined ? '' : String(course.discount),
    currency: course.currency,
    level: course.levelKey,
    totalSeat: String(course.totalSeat),
    categoryId: course.category.id,
    typeId: course.courseType?.id ?? '',
    language: course.language,
  };
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Pairs the Vietnamese and English lines of a list by position (a missing translation is empty). */
export function zipLines(value: Localized): Localized[] {
  const vi = lines(value.vi);
  const en = lines(value.en);
  return Array.from({ length: Math.max(vi.length, en.length) }, (_, i) => ({
    vi: vi[i] ?? en[i] ?? '',
    en: en[i] ?? '',
  }));
}

/** A whole number typed in a field, or NaN (the server then answers with its field text). */
function whole(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function formToBody(form: CourseForm): CourseBody {
  const badge = { vi: form.badge.vi.trim(), en: form.badge.en.trim() };
  return {
    title: { vi: form.title.vi.trim(), en: form.title.en.trim() },
    slug: form.slug.trim(),
    description: form.description,
    whatYouWillLearn: zipLines(form.outcomes),
    requirements: zipLines(form.requirements),
    thumbnail: form.thumbnail.trim() || null,
    price: whole(form.price),
    discount: form.discount.trim() === '' ? null : whole(form.discount),
    currency: form.currency,
    courseBadge: badge.vi || badge.en ? badge : null,
    level: form.level,
    totalSeat: whole(form.totalSeat),
    categoryId: form.categoryId,
    typeId: form.typeId || null,
    language: form.language,
  };
}

// ── Curriculum ─────────────────────────────────────────────────────────────────────────────────────────

export interface LessonDraft {
  key: string;
  id?: string;
  title: Localized;
  minutes: string;
  seconds: string;
  videoUrl: string;
  freePreview: boolean;
}

export interface SectionDraft {
  key: string;
  id?: string;
  title: Localized;
  lessons: LessonDraft[];
}

let nextKey = 0;
export const newKey = () => `k${++nextKey}`;

export function newLesson(): LessonDraft {
  return { key: newKey(), title: { vi: '', en: '' }, minutes: '0', seconds: '0', videoUrl: '', freePreview: false };
}

export function newSection(): SectionDraft {
  return { key: newKey(), title: { vi: '', en: '' }, lessons: [newLesson()] };
}

const untitled: Localized = { vi: '', en: '' };

/** The editable curriculum: durations, videos and previews from the course, titles from its texts (by id). */
export function curriculumToDrafts(course: ManagedCourse): SectionDraft[] {
  return course.sections.map((section) => {
    const texts = course.texts.sections.find((s) => s.id === section.id);
    return {
      key: section.id,
      id: section.id,
      title: texts?.title ?? untitled,
      lessons: section.lessons.map((lesson) => ({
        key: lesson.id,
        id: lesson.id,
        title: texts?.lessons.find((l) => l.id === lesson.id)?.title ?? untitled,
        minutes: String(Math.floor(lesson.durationSeconds / 60)),
        seconds: String(lesson.durationSeconds % 60),
        videoUrl: lesson.videoUrl ?? '',
        freePreview: lesson.freePreview,
      })),
    };
  });
}

export function draftsToBody(sections: SectionDraft[]): SectionBody[] {
  return sections.map((section) => ({
    id: section.id ?? null,
    title: { vi: section.title.vi.trim(), en: section.title.en.trim() },
    lessons: section.lessons.map((lesson) => ({
      id: lesson.id ?? null,
      title: { vi: lesson.title.vi.trim(), en: lesson.title.en.trim() },
      durationSeconds: whole(lesson.minutes || '0') * 60 + whole(lesson.seconds || '0'),
      videoUrl: lesson.videoUrl.trim() || null,
      freePreview: lesson.freePreview,
    })),
  }));
}

/** Moves the item at `index` by `delta` places (no-op at the ends). */
export function move<T>(items: T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return items;
  const next = [...items];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** Splits the server's field texts (`title.vi`, `price`…) for the form. */
export function fieldErrors(fields: Record<string, string> | undefined) {
  const f = fields ?? {};
  return {
    title: { vi: f['title.vi'], en: f['title.en'] },
    name: { vi: f['name.vi'], en: f['name.en'] },
    slug: f.slug,
    description: { vi: f['description.vi'], en: f['description.en'] },
    outcomes: f.whatYouWillLearn,
    requirements: f.requirements,
    badge: { vi: f['courseBadge.vi'], en: f['courseBadge.en'] },
    thumbnail: f.thumbnail,
    typeId: f.typeId,
    language: f.language,
    subtitle: { vi: f['subtitle.vi'], en: f['subtitle.en'] },
    link: f.link,
    price: f.price,
    discount: f.discount,
    currency: f.currency,
    level: f.level,
    totalSeat: f.totalSeat,
    categoryId: f.categoryId,
    sections: f.sections,
    image: f.image,
  };
}
