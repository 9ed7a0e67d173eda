import { useQuery } from '@tanstack/react-query';
import { ArrowRight, BookOpen, Search, Star, Users } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HydrateWhenNear } from '@/components/hydrate-when-near';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import type { Instructor } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { expertisePreview, formatCount, normalizeSearch, ratingDisplay, textLimits } from '@/lib/wasm';
import { mentorQueries } from '../api/queries';
import { mentorName } from '../components/mentor-name';

/** The text a mentor is found by: name, profession and expertise, folded by the shared search rule. */
function searchable(mentor: Instructor): string {
  return normalizeSearch(
    [
      mentorName(mentor, 'vi'),
      mentorName(mentor, 'en'),
      mentor.username,
      mentor.profession,
      ...(mentor.expertise ?? []),
    ].join(' '),
  );
}

/** /mentorlist: mentor cards with a search that ignores Vietnamese marks. */
export default function MentorListPage() {
  const { t, i18n } = useTranslation(['mentors', 'pages', 'common']);
  const title = t('pages:mentorList.title');
  useDocumentMeta(`${title} | ${t('common:brand')}`, t('pages:mentorList.description'));
  const mentors = useQuery(mentorQueries.list());
  const [text, setText] = useState('');
  const query = normalizeSearch(useDeferredValue(text));
  const id = useId();
  const index = useMemo(() => (mentors.data ?? []).map((m) => [m, searchable(m)] as const), [mentors.data]);
  const shown = query
    ? index.filter(([, haystack]) => query.split(' ').every((word) => haystack.includes(word))).map(([m]) => m)
    : index.map(([m]) => m);

  return (
    <div className="flex-1 bg-slate-50/60">
      <header className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-amber-50/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-xs font-bold tracking-[0.18em] text-teal-700 uppercase">{t('mentors:eyebrow')}</p>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t('pages:mentorList.description')}</p>
          <div role="search" className="relative mt-6 max-w-xl">
            <label htmlFor={id} className="sr-only">
              {t('mentors:searchLabel')}
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400"
            />
            <input
              id={id}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={textLimits().search}
              placeholder={t('mentors:searchPlaceholder')}
              className="w-full rounded-full border border-slate-200 bg-white py-3.5 pr-4 pl-12 shadow-sm outline-none focus:border-teal-600 focus:ring-4 focus:ring-teal-600/15"
            />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {mentors.isError && !mentors.data ? (
          <LoadError onRetry={() => void mentors.refetch()} />
        ) : !mentors.data ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} aria-hidden="true" className="h-80 animate-pulse rounded-3xl bg-slate-200/70" />
            ))}
          </ul>
        ) : shown.length === 0 ? (
          <EmptyState title={t('mentors:empty.title')} text={t('mentors:empty.text')} />
        ) : (
          <>
            <p className="mb-5 text-sm font-medium text-slate-600" aria-live="polite">
              {t('mentors:count', { count: shown.length })}
            </p>
            <ul
              className="grid gap-6 [--deferred-height:25rem] sm:grid-cols-2 lg:grid-cols-4 [&>:nth-child(n+3)]:deferred"
              data-testid="mentor-list"
            >
              {shown.map((mentor) => {
                const preview = expertisePreview(mentor.expertise ?? []);
                return (
                  <HydrateWhenNear key={mentor.userId} target={`[data-mentor-item="${mentor.userId}"]`}>
                    <li data-mentor-item={mentor.userId}>
                      <Link
                        to={paths.mentor(mentor.userId)}
                        className="group flex h-full flex-col items-center rounded-3xl border border-slate-200 bg-white p-6 text-center transition hover:-translate-y-1 hover:border-teal-300 hover:shadow-xl hover:shadow-teal-900/5"
                      >
                        <FallbackImage
                          src={mentor.avatar}
                          fallback={placeholders.avatar}
                          width={112}
                          height={112}
                          className="size-28 rounded-full bg-slate-100 ring-4 ring-teal-50"
                        />
                        <span className="mt-4 text-lg font-bold text-slate-900 group-hover:text-teal-700">
                          {mentorName(mentor, i18n.language)}
                        </span>
                        <span className="text-sm text-slate-500">{mentor.profession}</span>
                        <span className="mt-3 flex flex-wrap justify-center gap-1.5">
                          {preview.shown[0] && (
                            <span className="rounded-full bg-teal-50 px-2.5 py-0.5 text-xs font-semibold text-teal-800">
                              {preview.shown[0]}
                            </span>
                          )}
                          {preview.more > 0 && (
                            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-800">
                              +{preview.more}
                            </span>
                          )}
                        </span>
                        <span className="mt-5 grid w-full grid-cols-3 gap-2 border-t border-slate-100 pt-4 text-xs text-slate-500">
                          <span className="flex flex-col items-center gap-0.5">
                            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
                            <strong className="text-slate-800">
                              {mentor.ratingAverage ? ratingDisplay(mentor.ratingAverage).value : '—'}
                            </strong>
                            {t('mentors:stats.rating')}
                          </span>
                          <span className="flex flex-col items-center gap-0.5">
                            <BookOpen aria-hidden="true" className="size-4 text-teal-600" />
                            <strong className="text-slate-800">{mentor.courseCount ?? 0}</strong>
                            {t('mentors:stats.courses')}
                          </span>
                          <span className="flex flex-col items-center gap-0.5">
                            <Users aria-hidden="true" className="size-4 text-teal-600" />
                            <strong className="text-slate-800">
                              {formatCount(mentor.studentCount ?? 0, i18n.language)}
                            </strong>
                            {t('mentors:stats.students')}
                          </span>
                        </span>
                        <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-teal-700">
                          {t('mentors:viewProfile')}
                          <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-1" />
                        </span>
                      </Link>
                    </li>
                  </HydrateWhenNear>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
