import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { FallbackImage } from '@/components/ui/fallback-image';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { categoryQueries } from '../api/queries';

/** /categorylist: every category with its image, description and course count, each leading to its courses. */
export default function CategoryListPage() {
  const { t } = useTranslation(['courses', 'pages', 'common']);
  const title = t('pages:categoryList.title');
  useDocumentMeta(`${title} | ${t('common:brand')}`, t('pages:categoryList.description'));
  const categories = useQuery(categoryQueries.list());

  return (
    <div className="flex-1">
      <header className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-amber-50/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <p className="mb-2 text-xs font-bold tracking-[0.18em] text-teal-700 uppercase">
            {t('courses:categories.eyebrow')}
          </p>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t('pages:categoryList.description')}</p>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {categories.isError && !categories.data ? (
          <LoadError onRetry={() => void categories.refetch()} />
        ) : !categories.data ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: 9 }, (_, i) => (
              <li key={i} aria-hidden="true" className="h-40 animate-pulse rounded-3xl bg-slate-200/70" />
            ))}
          </ul>
        ) : categories.data.length === 0 ? (
          <EmptyState title={t('courses:categories.empty')} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="category-list">
            {categories.data.map((category) => (
              <li key={category.id}>
                <Link
                  to={`${paths.courseList}?category=${encodeURIComponent(category.id)}`}
                  className="group flex h-full gap-5 rounded-3xl border border-slate-200 bg-white p-5 transition hover:-translate-y-1 hover:border-teal-300 hover:shadow-xl hover:shadow-teal-900/5"
                >
                  <FallbackImage
                    src={category.image}
                    fallback={placeholders.category}
                    width={96}
                    height={96}
                    className="size-24 shrink-0 rounded-2xl bg-slate-100 object-cover"
                  />
                  <span className="flex min-w-0 flex-col">
                    <span className="text-lg font-bold text-slate-900 group-hover:text-teal-700">
                      {category.categoryName}
                    </span>
                    <span className="text-sm font-semibold text-teal-700">
                      {t('courses:categories.count', { count: category.courseCount })}
                    </span>
                    {category.description && (
                      <span className="mt-2 line-clamp-2 text-sm text-slate-600">{category.description}</span>
                    )}
                    <span className="mt-auto inline-flex items-center gap-1 pt-3 text-sm font-semibold text-slate-700 group-hover:text-teal-700">
                      {t('courses:categories.explore')}
                      <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-1" />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
