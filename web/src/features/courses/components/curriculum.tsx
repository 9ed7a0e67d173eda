import { ChevronDown, Lock, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lesson, Section } from '@/lib/api/types';
import { clockDuration, hoursMinutes } from '../format';

/** The curriculum accordion: sections with their lesson count and length; free previews can be played. */
export function Curriculum({ sections, onPlay }: { sections: Section[]; onPlay: (lesson: Lesson) => void }) {
  const { t } = useTranslation('courses');
  const [open, setOpen] = useState<Set<string>>(() => new Set(sections[0] ? [sections[0].id] : []));
  const allOpen = sections.length > 0 && open.size === sections.length;
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const lessons = sections.reduce((sum, s) => sum + s.lessonCount, 0);
  const length = hoursMinutes(sections.reduce((sum, s) => sum + s.durationSeconds, 0));

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p>
          {t('details.curriculumSummary', {
            sections: sections.length,
            lessons,
            hours: length.hours,
            minutes: length.minutes,
          })}
        </p>
        <button
          type="button"
          className="font-semibold text-teal-700 hover:text-teal-900"
          onClick={() => setOpen(allOpen ? new Set() : new Set(sections.map((s) => s.id)))}
        >
          {allOpen ? t('details.collapseAll') : t('details.expandAll')}
        </button>
      </div>
      <ul
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        data-testid="curriculum"
      >
        {sections.map((section) => {
          const expanded = open.has(section.id);
          const panel = `section-${section.id}`;
          const sectionLength = hoursMinutes(section.durationSeconds);
          return (
            <li key={section.id}>
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panel}
                  onClick={() => toggle(section.id)}
                  className="flex w-full items-center gap-3 bg-slate-50 px-5 py-4 text-left transition hover:bg-slate-100"
                >
                  <ChevronDown
                    aria-hidden="true"
                    className={`size-5 shrink-0 text-slate-500 transition ${expanded ? 'rotate-180' : ''}`}
                  />
                  <span className="flex-1 font-bold text-slate-900">{section.title}</span>
                  <span className="shrink-0 text-xs text-slate-500 sm:text-sm">
                    {t('details.sectionSummary', {
                      count: section.lessonCount,
                      hours: sectionLength.hours,
                      minutes: sectionLength.minutes,
                    })}
                  </span>
                </button>
              </h3>
              <ul id={panel} hidden={!expanded} className="divide-y divide-slate-100">
                {section.lessons.map((lesson) => {
                  const playable = Boolean(lesson.videoUrl);
                  return (
                    <li key={lesson.id} className="flex items-center gap-3 px-5 py-3 text-sm">
                      {playable ? (
                        <PlayCircle aria-hidden="true" className="size-4 shrink-0 text-teal-600" />
                      ) : (
                        <Lock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                      )}
                      {playable ? (
                        <button
                          type="button"
                          data-testid="play-lesson"
                          onClick={() => onPlay(lesson)}
                          className="flex-1 text-left font-medium text-teal-800 underline-offset-2 hover:underline"
                        >
                          {lesson.title}
                        </button>
                      ) : (
                        <span className="flex-1 text-slate-700">{lesson.title}</span>
                      )}
                      {lesson.freePreview && (
                        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                          {t('details.preview')}
                        </span>
                      )}
                      <span className="w-14 shrink-0 text-right text-slate-500 tabular-nums">
                        {clockDuration(lesson.durationSeconds)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
