import type { UseQueryResult } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { textLimits } from '@/lib/wasm';
import type { Localized } from '../api/dashboard';
import { input } from './ui';

/** Where the material pages live. */
export const materialPaths = {
  syllabuses: '/dashboard/syllabus',
  addSyllabus: '/dashboard/syllabus/add',
  editSyllabus: (id: string) => `/dashboard/syllabus/edit/${encodeURIComponent(id)}`,
  viewSyllabus: (id: string) => `/dashboard/syllabus/view/${encodeURIComponent(id)}`,
  teacherSyllabuses: '/syllabus',
  teacherSyllabus: (id: string) => `/syllabus/${encodeURIComponent(id)}`,
  subjects: '/dashboard/subjects',
  createSubject: '/dashboard/subjects/create',
  updateSubject: (id: string) => `/dashboard/subjects/update/${encodeURIComponent(id)}`,
  viewSubject: (id: string) => `/dashboard/subjects/view/${encodeURIComponent(id)}`,
};

/** The text of a `{vi, en}` pair in the active language, the other one when it is empty (as the server does). */
export function textIn(text: Localized, language: string): string {
  return language === 'en' ? text.en || text.vi : text.vi || text.en;
}

/** The search box of a list; `onSearch` gets the trimmed text 300 ms after the last keystroke. */
export function SearchField({ label, onSearch }: { label: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  return (
    <label className="relative mb-4 block">
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        value={text}
        maxLength={textLimits().search}
        onChange={(e) => setText(e.target.value)}
        placeholder={label}
        className={`${input()} pl-9`}
      />
    </label>
  );
}

/** A loaded record's page: a spinner first, a 403/404 text or a retry on failure, then `children`. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('material');
  if (query.data !== undefined) return <>{children(query.data)}</>;
  const error = query.error;
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
    return (
      <p role="alert" className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {error.status === 403 ? t('forbidden') : t('notFound')}
      </p>
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

/** A label and value of a record's summary. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
