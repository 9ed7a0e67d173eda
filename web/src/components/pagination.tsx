import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Page numbers to show: the first, the last, the current one and its neighbours, with gaps as null. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((n, i) => {
    const before = sorted[i - 1];
    if (before !== undefined && n - before > 1) out.push(null);
    out.push(n);
  });
  return out;
}

/** Previous / numbered / next page buttons; hidden when there is one page. */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  if (totalPages <= 1) return null;
  const item =
    'flex size-10 items-center justify-center rounded-lg border text-sm font-semibold transition disabled:pointer-events-none disabled:opacity-40';
  return (
    <nav aria-label={t('pagination.label')} className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center gap-1.5">
        <li>
          <button
            type="button"
            className={`${item} border-slate-200 bg-white hover:border-teal-600`}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t('pagination.previous')}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
        </li>
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                onClick={() => onPage(n)}
                aria-label={t('pagination.page', { number: n })}
                aria-current={n === page ? 'page' : undefined}
                className={`${item} ${n === page ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-200 bg-white text-slate-700 hover:border-teal-600'}`}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={`${item} border-slate-200 bg-white hover:border-teal-600`}
            disabled={page >= totalPages}
            onClick={() => onPage(page + 1)}
            aria-label={t('pagination.next')}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
