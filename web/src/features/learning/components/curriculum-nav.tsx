import { CheckCircle2, FileText, PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OutlineSection } from '../api/types';

/** "4:12" or "1:04:12" for a lesson's length. */
function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

/** The curriculum beside the player: every section's lessons, the current one marked, completed ones checked. */
export function CurriculumNav({
  sections,
  currentId,
  onSelect,
}: {
  sections: OutlineSection[];
  currentId: string | null;
  onSelect: (lessonId: string) => void;
}) {
  const { t } = useTranslation('learning');
  return (
    <nav
      aria-label={t('curriculum')}
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white"
      data-testid="curriculum-nav"
    >
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-bold tracking-wide text-slate-500 uppercase">
        {t('curriculum')}
      </h2>
      <ol className="max-h-[70vh] divide-y divide-slate-100 overflow-y-auto overscroll-contain">
        {sections.map((section, s) => (
          <li key={section.id}>
            <h3 className="bg-slate-50 px-4 py-2.5 text-sm font-bold text-slate-800">
              {t('sectionNumber', { number: s + 1 })}: {section.title}
            </h3>
            <ol>
              {section.lessons.map((lesson) => {
                const current = lesson.id === currentId;
                const Icon = lesson.completed ? CheckCircle2 : lesson.kind === 'text' ? FileText : PlayCircle;
                return (
                  <li key={lesson.id}>
                    <button
                      type="button"
                      onClick={() => onSelect(lesson.id)}
                      aria-current={current ? 'step' : undefined}
                      data-testid="outline-lesson"
                      data-completed={lesson.completed}
                      className={`flex w-full items-start gap-3 px-4 py-3 text-left text-sm transition hover:bg-teal-50 ${
                        current
                          ? 'bg-teal-50 font-semibold text-teal-900 ring-1 ring-teal-600 ring-inset'
                          : 'text-slate-700'
                      }`}
                    >
                      <Icon
                        aria-hidden="true"
                        className={`mt-0.5 size-4 shrink-0 ${lesson.completed ? 'text-emerald-600' : 'text-slate-400'}`}
                      />
                      <span className="flex-1">
                        {lesson.title}
                        {lesson.completed && <span className="sr-only"> ({t('completed')})</span>}
                      </span>
                      <span className="shrink-0 text-xs text-slate-500 tabular-nums">
                        {clock(lesson.durationSeconds)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}
