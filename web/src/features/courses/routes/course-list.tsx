import { useQuery } from '@tanstack/react-query';
import { Filter, Search, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PromotionStrip } from '@/components/promotion-strip';
import { CourseCard, CourseCardSkeleton } from '@/components/course-card/course-card';
import { HydrateWhenNear } from '@/components/hydrate-when-near';
import { Pagination } from '@/components/pagination';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import type { Category } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatCount, textLimits } from '@/lib/wasm';
import { COURSE_SORTS, type CourseQuery, type CourseSort } from '../api/courses';
import { courseQueries } from '../api/queries';

type PriceFilter = 'all' | 'free' | 'paid';
/** Cards a phone shows before scrolling: their pictures load first. */
const FIRST_SEEN = 2;
const PRICE_FILTERS: PriceFilter[] = ['all', 'free', 'paid'];

function readQuery(
  params: URLSearchParams,
  defaultSort: CourseSort,
): Omit<CourseQuery, 'price'> & { price: PriceFilter } {
  const sortParam = params.get('sort') as CourseSort | null;
  const sort = sortParam && COURSE_SORTS.includes(sortParam) ? sortParam : defaultSort;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const priceParam = params.get('price');
  const price: PriceFilter = priceParam === 'free' || sort === 'free' ? 'free' : priceParam === 'paid' ? 'paid' : 'all';
  return {
    search: params.get('search')?.trim() || undefined,
    category: params.get('category') || undefined,
    sort: price === 'free' ? 'free' : sort,
    page,
    price,
  };
}

/**
 * /courselist (and /courses, the popular-courses explore page): search and category from the query string
 *, a filters sidebar (categories with counts, price), sort, result count, pagination, empty state.
 */
export default function CourseListPage({ variant = 'list' }: { variant?: 'list' | 'explore' }) {
  const { t, i18n } = useTranslation(['courses', 'pages', 'common']);
  const pageKey = variant === 'explore' ? 'courses' : 'courseList';
  const title = t(`pages:${pageKey}.title`);
  useDocumentMeta(`${title} | ${t('common:brand')}`, t(`pages:${pageKey}.description`));

  const [params, setParams] = useSearchParams();
  const query = readQuery(params, 'popular');
  const courses = useQuery(
    courseQueries.list({
      search: query.search,
      category: query.category,
      sort: query.sort,
      price: query.price === 'paid' ? 'paid' : undefined,
      page: query.page,
    }),
  );
  const categories = useQuery(courseQueries.categories());
  const [filtersOpen, setFiltersOpen] = useState(false);

  const update = (changes: Record<string, string | undefined>, keepPage = false) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!keepPage) next.delete('page');
    setParams(next);
  };

  const data = courses.data;
  const activeCategory = categories.data?.find((c) => c.id === query.category || c.slug === query.category);
  const hasFilters = Boolean(query.search || query.category || query.price !== 'all');

  return (
    <div className="flex-1 bg-slate-50/60">
      <header className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-amber-50/60">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
          <nav aria-label={t('courses:breadcrumb')} className="mb-3 text-sm text-slate-500">
            <Link to={paths.home} className="hover:text-teal-700">
              {t('courses:home')}
            </Link>
            <span aria-hidden="true"> / </span>
            <span className="text-slate-700">{title}</span>
          </nav>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t(`pages:${pageKey}.description`)}</p>
          <ListSearch initial={query.search ?? ''} onSearch={(search) => update({ search })} />
        </div>
      </header>

      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 empty:hidden">
        <PromotionStrip placement="courses" />
      </div>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t('courses:filters.title')}>
          <button
            type="button"
            className={`${buttonClass('secondary')} w-full lg:hidden`}
            aria-expanded={filtersOpen}
            aria-controls="course-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <Filter aria-hidden="true" className="size-4" />
            {t('courses:filters.toggle')}
          </button>
          <div
            id="course-filters"
            className={`${filtersOpen ? 'mt-4 block' : 'hidden'} space-y-6 lg:sticky lg:top-24 lg:block`}
          >
            <Filters
              categories={categories.data ?? []}
              selected={query.category}
              price={query.price}
              onCategory={(category) => update({ category })}
              onPrice={(price) =>
                price === 'free'
                  ? update({ price: 'free', sort: undefined })
                  : update({
                      price: price === 'paid' ? 'paid' : undefined,
                      sort: query.sort === 'free' ? undefined : query.sort,
                    })
              }
            />
          </div>
        </aside>

        <section aria-labelledby="results-title">
          <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2
                id="results-title"
                className="text-lg font-bold text-slate-900"
                aria-live="polite"
                data-testid="result-count"
              >
                {data
                  ? t(data.totalExact === false ? 'courses:resultsAbout' : 'courses:results', {
                      count: data.total,
                      formatted: formatCount(data.total, i18n.language),
                    })
                  : t('common:loading')}
              </h2>
              {(query.search || activeCategory) && (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {query.search && (
                    <Chip
                      label={t('courses:chips.search', { text: query.search })}
                      onRemove={() => update({ search: undefined })}
                    />
                  )}
                  {activeCategory && (
                    <Chip label={activeCategory.categoryName} onRemove={() => update({ category: undefined })} />
                  )}
                </ul>
              )}
            </div>
            {query.price !== 'free' && (
              <label className="flex items-center gap-2 text-sm font-medium text-slate-600">
                {t('courses:sort.label')}
                <select
                  value={query.sort}
                  onChange={(event) =>
                    update({ sort: event.target.value === 'popular' ? undefined : event.target.value })
                  }
                  className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20"
                  data-testid="sort-select"
                >
                  {COURSE_SORTS.filter((s) => s !== 'free').map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`courses:sort.${sort}`)}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>

          {courses.isError && !data ? (
            <LoadError onRetry={() => void courses.refetch()} />
          ) : !data ? (
            <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
              {Array.from({ length: 6 }, (_, i) => (
                <li key={i}>
                  <CourseCardSkeleton />
                </li>
              ))}
            </ul>
          ) : data.items.length === 0 ? (
            <EmptyState
              title={t('courses:empty.title')}
              text={query.search ? t('courses:empty.textSearch', { text: query.search }) : t('courses:empty.text')}
              action={
                hasFilters ? (
                  <Link to={paths.courseList} className={buttonClass('primary')}>
                    {t('courses:empty.clear')}
                  </Link>
                ) : undefined
              }
            />
          ) : (
            <>
              <ul
                className={`grid gap-6 [--deferred-height:29rem] sm:grid-cols-2 xl:grid-cols-3 [&>:nth-child(n+3)]:deferred ${courses.isFetching ? 'opacity-60' : ''}`}
                data-testid="course-results"
              >
                {data.items.map((course, index) => (
                  <HydrateWhenNear key={course._id} target={`[data-course-item="${course._id}"]`}>
                    <li data-course-item={course._id}>
                      <CourseCard course={course} headingLevel={3} priority={index < FIRST_SEEN} />
                    </li>
                  </HydrateWhenNear>
                ))}
              </ul>
              <Pagination
                page={data.page}
                totalPages={data.totalPages}
                onPage={(page) => update({ page: page > 1 ? String(page) : undefined }, true)}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function ListSearch({ initial, onSearch }: { initial: string; onSearch: (text: string | undefined) => void }) {
  const { t } = useTranslation('courses');
  const [text, setText] = useState(initial);
  // A search made elsewhere (the header, the back button) replaces what was typed here.
  const [searched, setSearched] = useState(initial);
  if (initial !== searched) {
    setSearched(initial);
    setText(initial);
  }
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim() || undefined);
  };
  return (
    <form role="search" onSubmit={submit} className="relative mt-6 max-w-xl">
      <label htmlFor={id} className="sr-only">
        {t('searchLabel')}
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
        placeholder={t('searchPlaceholder')}
        className="w-full rounded-full border border-slate-200 bg-white py-3.5 pr-28 pl-12 shadow-sm outline-none focus:border-teal-600 focus:ring-4 focus:ring-teal-600/15"
      />
      <button
        type="submit"
        className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-full bg-teal-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
      >
        {t('searchSubmit')}
      </button>
    </form>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useTranslation('courses');
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-teal-50 py-1 pr-1 pl-3 text-sm font-medium text-teal-800 ring-1 ring-teal-200">
      {label}
      <button
        type="button"
        onClick={onRemove}
        className="rounded-full p-1 hover:bg-teal-100"
        aria-label={t('chips.remove', { label })}
      >
        <X aria-hidden="true" className="size-3.5" />
      </button>
    </li>
  );
}

function Filters({
  categories,
  selected,
  price,
  onCategory,
  onPrice,
}: {
  categories: Category[];
  selected?: string;
  price: PriceFilter;
  onCategory: (id: string | undefined) => void;
  onPrice: (price: PriceFilter) => void;
}) {
  const { t } = useTranslation('courses');
  const option = (active: boolean) =>
    `flex w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left text-sm transition ${
      active ? 'bg-teal-700 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100'
    }`;
  return (
    <>
      <fieldset className="rounded-2xl border border-slate-200 bg-white p-4">
        <legend className="sr-only">{t('filters.categories')}</legend>
        <p aria-hidden="true" className="mb-2 px-1 text-xs font-bold tracking-wider text-slate-500 uppercase">
          {t('filters.categories')}
        </p>
        <ul className="space-y-0.5" data-testid="category-filter">
          <li>
            <button
              type="button"
              className={option(!selected)}
              aria-pressed={!selected}
              onClick={() => onCategory(undefined)}
            >
              {t('filters.allCategories')}
            </button>
          </li>
          {categories.map((category) => {
            const active = selected === category.id || selected === category.slug;
            return (
              <li key={category.id}>
                <button
                  type="button"
                  className={option(active)}
                  aria-pressed={active}
                  onClick={() => onCategory(category.id)}
                >
                  <span className="truncate">{category.categoryName}</span>
                  <span
                    className={`rounded-full px-2 text-xs ${active ? 'bg-white/20' : 'bg-slate-100 text-slate-500'}`}
                  >
                    {category.courseCount}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <fieldset className="rounded-2xl border border-slate-200 bg-white p-4">
        <legend className="sr-only">{t('filters.price')}</legend>
        <p aria-hidden="true" className="mb-2 px-1 text-xs font-bold tracking-wider text-slate-500 uppercase">
          {t('filters.price')}
        </p>
        <ul className="space-y-0.5">
          {PRICE_FILTERS.map((value) => (
            <li key={value}>
              <button
                type="button"
                className={option(price === value)}
                aria-pressed={price === value}
                onClick={() => onPrice(value)}
              >
                {t(`filters.prices.${value}`)}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
    </>
  );
}
