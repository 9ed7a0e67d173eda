import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/ui/fallback-image';
import { SectionHeading } from '@/components/ui/section-heading';
import { paths } from '@/config/paths';
import { placeholders } from '@/config/placeholders';
import type { Category } from '@/lib/api/types';

/** skeleton tiles while the category list is empty. */
export const CATEGORY_SKELETON_TILES = 9;

/** image (placeholder fallback), categoryName and course count per tile. */
export function CategoriesGrid({ categories }: { categories: Category[] }) {
  const { t } = useTranslation('home');
  return (
    <section
      data-section="categories"
      aria-labelledby="categories-title"
      className="mx-auto w-full max-w-7xl px-4 py-14 sm:px-6"
    >
      <SectionHeading
        id="categories-title"
        eyebrow={t('categories.eyebrow')}
        title={t('categories.title')}
        text={t('categories.text')}
        actions={
          <Link
            to={paths.categoryList}
            className="inline-flex items-center gap-1 text-sm font-semibold text-teal-700 hover:text-teal-900"
          >
            {t('categories.all')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        }
      />
      <ul
        className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5"
        data-testid="category-grid"
        aria-busy={categories.length === 0}
      >
        {categories.length === 0
          ? Array.from({ length: CATEGORY_SKELETON_TILES }, (_, i) => (
              <li
                key={i}
                data-testid="category-skeleton"
                aria-hidden="true"
                className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-5"
              >
                <span className="size-20 animate-pulse rounded-2xl bg-slate-200/80" />
                <span className="mt-4 h-4 w-24 animate-pulse rounded bg-slate-200/80" />
                <span className="mt-2 h-3 w-16 animate-pulse rounded bg-slate-200/80" />
              </li>
            ))
          : categories.map((category) => <CategoryTile key={category.id} category={category} />)}
      </ul>
    </section>
  );
}

function CategoryTile({ category }: { category: Category }) {
  const { t } = useTranslation('home');
  return (
    <li>
      <Link
        to={`${paths.courseList}?category=${encodeURIComponent(category.id)}`}
        className="group flex h-full flex-col items-center rounded-2xl border border-slate-200 bg-white p-5 text-center transition hover:-translate-y-1 hover:border-teal-300 hover:shadow-lg hover:shadow-teal-900/5"
      >
        <FallbackImage
          src={category.image}
          fallback={placeholders.category}
          width={80}
          height={80}
          className="size-20 rounded-2xl bg-slate-100 object-cover transition group-hover:scale-105"
        />
        <span className="mt-4 font-bold text-slate-900 group-hover:text-teal-700">{category.categoryName}</span>
        <span className="mt-1 text-sm text-slate-500">{t('categories.count', { count: category.courseCount })}</span>
      </Link>
    </li>
  );
}
