import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { textLimits } from '@/lib/wasm';
import { curriculumKey, type FieldMessages } from '@/lib/wasm-dashboard';
import { move, newLesson, newSection, type LessonDraft, type SectionDraft } from './course-form';
import { BilingualField, input } from './ui';
import { VideoUpload } from './video-upload';

function IconButton({
  label,
  onClick,
  disabled,
  children,
  danger = false,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: React.ReactNode;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={`flex size-8 items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-600 transition hover:border-teal-600 hover:text-teal-700 disabled:opacity-30 ${danger ? 'hover:border-rose-500 hover:text-rose-600' : ''}`}
    >
      {children}
    </button>
  );
}

/**
 * Sections and lessons: add, edit (both languages), reorder with up/down buttons, delete. `errors` are the
 * curriculum rule's messages (lib/wasm-dashboard `validateCurriculum`), shown at each section or lesson it refuses.
 * A saved lesson's video is a link or a file uploaded beside it, which becomes the link.
 */
export function CurriculumEditor({
  courseId,
  sections,
  onChange,
  errors = {},
}: {
  /** The saved course, whose saved lessons may get an uploaded video. */
  courseId?: string;
  sections: SectionDraft[];
  onChange: (sections: SectionDraft[]) => void;
  errors?: FieldMessages;
}) {
  const { t } = useTranslation('dashboardCatalogue');
  const setSection = (index: number, section: SectionDraft) =>
    onChange(sections.map((s, i) => (i === index ? section : s)));
  const setLesson = (sIndex: number, lIndex: number, lesson: LessonDraft) => {
    const section = sections[sIndex]!;
    setSection(sIndex, { ...section, lessons: section.lessons.map((l, i) => (i === lIndex ? lesson : l)) });
  };

  return (
    <div className="space-y-5" data-testid="curriculum-editor">
      {sections.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
          {t('curriculum.empty')}
        </p>
      )}
      {sections.map((section, sIndex) => (
        <section
          key={section.key}
          className="rounded-2xl border border-slate-200 bg-slate-50/60"
          aria-label={t('curriculum.sectionN', { number: sIndex + 1 })}
        >
          <div className="flex flex-wrap items-start gap-3 border-b border-slate-200 p-4">
            <span className="mt-8 flex size-7 shrink-0 items-center justify-center rounded-full bg-teal-700 text-xs font-bold text-white">
              {sIndex + 1}
            </span>
            <div className="min-w-0 flex-1">
              <BilingualField
                id={`section-${section.key}`}
                label={t('curriculum.sectionTitle')}
                value={section.title}
                onChange={(title) => setSection(sIndex, { ...section, title })}
                errors={{ vi: errors[curriculumKey(sIndex)] }}
                maxLength={textLimits().title}
                required
              />
            </div>
            <div className="mt-7 flex gap-1.5">
              <IconButton
                label={t('curriculum.up')}
                disabled={sIndex === 0}
                onClick={() => onChange(move(sections, sIndex, -1))}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </IconButton>
              <IconButton
                label={t('curriculum.down')}
                disabled={sIndex === sections.length - 1}
                onClick={() => onChange(move(sections, sIndex, 1))}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </IconButton>
              <IconButton
                danger
                label={t('curriculum.deleteSection')}
                onClick={() =>
                  window.confirm(t('curriculum.confirmDeleteSection')) &&
                  onChange(sections.filter((_, i) => i !== sIndex))
                }
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </IconButton>
            </div>
          </div>
          <ol className="space-y-3 p-4">
            {section.lessons.map((lesson, lIndex) => (
              <li
                key={lesson.key}
                className="rounded-xl border border-slate-200 bg-white p-4"
                aria-label={t('curriculum.lessonN', { number: lIndex + 1 })}
              >
                <div className="flex flex-wrap items-start gap-3">
                  <div className="min-w-0 flex-1">
                    <BilingualField
                      id={`lesson-${lesson.key}`}
                      label={t('curriculum.lessonTitle', { number: lIndex + 1 })}
                      value={lesson.title}
                      onChange={(title) => setLesson(sIndex, lIndex, { ...lesson, title })}
                      maxLength={textLimits().title}
                      required
                    />
                  </div>
                  <div className="mt-7 flex gap-1.5">
                    <IconButton
                      label={t('curriculum.up')}
                      disabled={lIndex === 0}
                      onClick={() => setSection(sIndex, { ...section, lessons: move(section.lessons, lIndex, -1) })}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton
                      label={t('curriculum.down')}
                      disabled={lIndex === section.lessons.length - 1}
                      onClick={() => setSection(sIndex, { ...section, lessons: move(section.lessons, lIndex, 1) })}
                    >
                      <ArrowDown aria-hidden="true" className="size-4" />
                    </IconButton>
                    <IconButton
                      danger
                      label={t('curriculum.deleteLesson')}
                      onClick={() =>
                        setSection(sIndex, { ...section, lessons: section.lessons.filter((_, i) => i !== lIndex) })
                      }
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                    </IconButton>
                  </div>
                </div>
                <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
                  <label className="block text-sm font-medium text-slate-700">
                    {t('curriculum.videoUrl')}
                    <input
                      type="url"
                      value={lesson.videoUrl}
                      maxLength={textLimits().url}
                      onChange={(e) => setLesson(sIndex, lIndex, { ...lesson, videoUrl: e.target.value })}
                      placeholder="https://…"
                      className={`${input()} mt-1.5`}
                    />
                  </label>
                  <fieldset className="flex items-end gap-1.5">
                    <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('curriculum.duration')}</legend>
                    <label className="sr-only" htmlFor={`min-${lesson.key}`}>
                      {t('curriculum.minutes')}
                    </label>
                    <input
                      id={`min-${lesson.key}`}
                      type="number"
                      min={0}
                      value={lesson.minutes}
                      onChange={(e) => setLesson(sIndex, lIndex, { ...lesson, minutes: e.target.value })}
                      className={`${input()} w-20`}
                    />
                    <span className="pb-2.5 text-sm text-slate-500">{t('curriculum.min')}</span>
                    <label className="sr-only" htmlFor={`sec-${lesson.key}`}>
                      {t('curriculum.seconds')}
                    </label>
                    <input
                      id={`sec-${lesson.key}`}
                      type="number"
                      min={0}
                      max={59}
                      value={lesson.seconds}
                      onChange={(e) => setLesson(sIndex, lIndex, { ...lesson, seconds: e.target.value })}
                      className={`${input()} w-20`}
                    />
                    <span className="pb-2.5 text-sm text-slate-500">{t('curriculum.sec')}</span>
                  </fieldset>
                  <label className="flex items-center gap-2 pb-2.5 text-sm font-medium text-slate-700">
                    <input
                      type="checkbox"
                      checked={lesson.freePreview}
                      onChange={(e) => setLesson(sIndex, lIndex, { ...lesson, freePreview: e.target.checked })}
                      className="size-4 accent-teal-700"
                    />
                    {t('curriculum.freePreview')}
                  </label>
                </div>
                {courseId && (
                  <div className="mt-3">
                    <VideoUpload
                      courseId={courseId}
                      lessonId={lesson.id}
                      onUploaded={(videoUrl) => setLesson(sIndex, lIndex, { ...lesson, videoUrl })}
                    />
                  </div>
                )}
                {errors[curriculumKey(sIndex, lIndex)] && (
                  <p role="alert" className="mt-2 text-sm text-rose-700">
                    {errors[curriculumKey(sIndex, lIndex)]}
                  </p>
                )}
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => setSection(sIndex, { ...section, lessons: [...section.lessons, newLesson()] })}
                className={buttonClass('secondary', 'sm')}
              >
                <Plus aria-hidden="true" className="size-4" />
                {t('curriculum.addLesson')}
              </button>
            </li>
          </ol>
        </section>
      ))}
      <button type="button" onClick={() => onChange([...sections, newSection()])} className={buttonClass('secondary')}>
        <Plus aria-hidden="true" className="size-4" />
        {t('curriculum.addSection')}
      </button>
    </div>
  );
}
