/**
 * The dashboard's one table: columns, sorting, paging, loading / empty / error states and each row's actions.
 *
 * ```tsx
 * <DataTable
 *   caption={t('coupons.title')}                       // the table's name (read by screen readers; `showCaption` shows it)
 *   rows={coupons.data}                                // undefined while the first load runs (loading state)
 *   rowKey={(c) => c.id}
 *   columns={[
 *     { id: 'code', header: t('code'), cell: (c) => c.code, primary: true, sortValue: (c) => c.code },
 *     { id: 'used', header: t('used'), cell: (c) => c.used, align: 'end', sortValue: (c) => c.used },
 *   ]}
 *   actions={(c) => <button aria-label={t('deleteNamed', { name: c.code })}>…</button>}
 *   pageSize={20}                                      // pages of 20 rows cut here (client paging)
 * />
 * ```
 *
 * Props:
 * - `columns`: `id` (also the sort key a server is sent), `header` (also the label of a phone card's line),
 *   `cell(row)`, `align` ('start' | 'end'), `primary` (the row's name: first and without label on a phone card),
 *   `hideOnPhone`, `className` (of the cell); `sortValue(row)` makes the column sortable by the table itself,
 *   `sortable: true` makes it sortable by the server (with `sort` and `onSortChange`).
 * - Sorting: by the table itself (optional `defaultSort`), or by the server when `sort` and `onSortChange` are given
 *   (then the rows are shown in the order they come).
 * - Paging: `pageSize` alone cuts the rows into pages here; with `page` (from 1), `total` (every row the server
 *   has) and `onPageChange`, the rows are one page the server sent.
 * - States: `rows` undefined or `loading` → skeleton rows marked busy; `error` (+ `onRetry`) → a failed load;
 *   no rows → `empty` (a text or a node; a default text otherwise).
 * - `actions(row)`: the row's buttons, in a last column that stays in view while the table scrolls sideways, and at
 *   the foot of a phone card. Give icon buttons a name (`aria-label`).
 * - `phone`: 'cards' (default: below 768 px each row is a card of "label: value" lines) or 'scroll' (the table
 *   keeps its columns and scrolls inside its own box, never the page).
 * - `fit`: the columns share the box's width instead of scrolling it: headers wrap between words and cells are
 *   padded less (for a table of many short columns, e.g. counts).
 * - `testId`, `rowTestId(row)`: `data-testid` of the table's box and of each row; `rowData(row)`: more `data-*`
 *   attributes of a row (e.g. `{ 'data-username': u.username }`).
 *
 * On a desktop it is a real <table> with a caption, column headers and `aria-sort` on the sorted column.
 */
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, RefreshCw, TriangleAlert } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';
import { Skeleton } from './skeleton';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  /** The `id` of the sorted column. */
  column: string;
  direction: SortDirection;
}

export interface DataTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** The row's name: first on a phone card, in bold, without a label. */
  primary?: boolean;
  /** Left out of a phone card (a detail the card can do without). */
  hideOnPhone?: boolean;
  /** Sortable by the table itself on this value (strings compare in the page's language, empty ones last). */
  sortValue?: (row: T) => string | number | null | undefined;
  /** Sortable by the server (the table's `sort` and `onSortChange`). */
  sortable?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  caption: string;
  showCaption?: boolean;
  columns: DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  empty?: ReactNode;
  defaultSort?: SortState;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  pageSize?: number;
  page?: number;
  total?: number;
  onPageChange?: (page: number) => void;
  phone?: 'cards' | 'scroll';
  fit?: boolean;
  testId?: string;
  rowTestId?: (row: T) => string;
  rowData?: (row: T) => Record<`data-${string}`, string | undefined>;
}

function compare(a: string | number | null | undefined, b: string | number | null | undefined, language: string) {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), language, { numeric: true, sensitivity: 'base' });
}

/** The rows in the order of `sort` (a stable sort; empty values last in both directions). */
export function sortRows<T>(
  rows: readonly T[],
  columns: DataTableColumn<T>[],
  sort: SortState | null | undefined,
  language: string,
): readonly T[] {
  const value = sort && columns.find((column) => column.id === sort.column)?.sortValue;
  if (!sort || !value) return rows;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const emptyA = a.key === null || a.key === undefined || a.key === '';
      const emptyB = b.key === null || b.key === undefined || b.key === '';
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      return sign * compare(a.key, b.key, language) || a.index - b.index;
    })
    .map(({ row }) => row);
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

/** The actions column stays at the right edge while the table scrolls sideways (from 768 px in card mode). */
const edgeShadow = 'shadow-[-8px_0_8px_-8px_rgb(15_23_42_/_0.15)]';
const sticky = `sticky right-0 bg-white ${edgeShadow}`;
const stickyFromMd = 'md:sticky md:right-0 md:bg-white md:shadow-[-8px_0_8px_-8px_rgb(15_23_42_/_0.15)]';

function alignClass<T>(column: DataTableColumn<T>) {
  return column.align === 'end' ? 'text-right' : 'text-left';
}

/** A cell: a table cell from 768 px; below, in card mode, a "label: value" line (the row's name without label). */
function cellClass<T>(column: DataTableColumn<T>, cards: boolean, fit: boolean) {
  const own = `${alignClass(column)} ${column.className ?? ''}`;
  if (!cards) return `${fit ? 'px-3' : 'px-4'} py-3 ${own}`;
  const phone = column.hideOnPhone
    ? 'hidden'
    : column.primary
      ? 'block pb-1 font-semibold text-slate-900 md:font-normal'
      : 'flex items-start justify-between gap-4 py-1 before:shrink-0 before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';
  return `${phone} md:table-cell ${fit ? 'md:px-3' : 'md:px-4'} md:py-3 ${own}`;
}

export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  actions,
  loading = false,
  error = false,
  onRetry,
  empty,
  defaultSort,
  sort: serverSort,
  onSortChange,
  pageSize,
  page: serverPage,
  total,
  onPageChange,
  phone = 'cards',
  fit = false,
  testId,
  rowTestId,
  rowData,
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation('common');
  const sortedByServer = onSortChange !== undefined;
  const pagedByServer = onPageChange !== undefined;
  const [ownSort, setOwnSort] = useState<SortState | null>(defaultSort ?? null);
  const [ownPage, setOwnPage] = useState(1);
  const sort = sortedByServer ? (serverSort ?? null) : ownSort;

  const sorted = useMemo(
    () => (rows && !sortedByServer ? sortRows(rows, columns, ownSort, i18n.language) : rows),
    [rows, sortedByServer, columns, ownSort, i18n.language],
  );

  const count = pagedByServer ? (total ?? rows?.length ?? 0) : (sorted?.length ?? 0);
  const pages = pageSize ? Math.max(1, Math.ceil(count / pageSize)) : 1;
  const page = Math.min(Math.max(1, pagedByServer ? (serverPage ?? 1) : ownPage), pages);
  const shown =
    sorted && pageSize && !pagedByServer ? sorted.slice((page - 1) * pageSize, page * pageSize) : (sorted ?? []);

  const goTo = (next: number) => (pagedByServer ? onPageChange(next) : setOwnPage(next));
  const sortBy = (column: DataTableColumn<T>) => {
    const next: SortState = {
      column: column.id,
      direction: sort?.column === column.id && sort.direction === 'asc' ? 'desc' : 'asc',
    };
    if (sortedByServer) onSortChange(next);
    else setOwnSort(next);
    if (!pagedByServer) setOwnPage(1);
  };

  const box = 'rounded-2xl border border-slate-200 bg-white shadow-sm';
  const firstLoad = rows === undefined || (loading && rows.length === 0);

  if (error && !rows?.length) {
    return (
      <div role="alert" data-testid={testId} className={`${box} flex flex-col items-center px-6 py-12 text-center`}>
        <TriangleAlert aria-hidden="true" className="mb-3 size-8 text-rose-600" />
        <p className="font-semibold text-slate-900">{t('table.loadError')}</p>
        {onRetry && (
          <button type="button" onClick={onRetry} className={`${buttonClass('secondary', 'sm')} mt-5`}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('table.retry')}
          </button>
        )}
      </div>
    );
  }
  if (firstLoad) {
    return (
      <div role="status" aria-busy="true" data-testid={testId} className={`${box} space-y-3 p-4`}>
        <span className="sr-only">{t('table.loading')}</span>
        {[0, 1, 2, 3].map((line) => (
          <Skeleton key={line} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (shown.length === 0 && count === 0) {
    return (
      <div
        role="status"
        data-testid={testId}
        className="rounded-2xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-12 text-center text-slate-600"
      >
        {empty ?? t('table.empty')}
      </div>
    );
  }

  const cards = phone === 'cards';

  const table = (
    <table className={`w-full text-left text-sm ${cards ? 'block md:table' : ''}`}>
      <caption className={showCaption ? 'px-4 pt-4 pb-2 text-left font-semibold text-slate-900' : 'sr-only'}>
        {caption}
      </caption>
      <thead
        className={`border-b border-slate-200 bg-slate-50 text-xs tracking-wider text-slate-500 uppercase ${cards ? 'hidden md:table-header-group' : ''}`}
      >
        <tr>
          {columns.map((column) => {
            const canSort = sortedByServer ? Boolean(column.sortable) : Boolean(column.sortValue);
            const active = sort?.column === column.id ? sort.direction : undefined;
            const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ArrowUpDown;
            return (
              <th
                key={column.id}
                scope="col"
                aria-sort={active ? ariaSort[active] : undefined}
                className={`py-3 font-semibold ${fit ? 'px-3 align-bottom' : 'px-4 whitespace-nowrap'} ${alignClass(column)}`}
              >
                {canSort ? (
                  <button
                    type="button"
                    onClick={() => sortBy(column)}
                    className={`inline-flex items-center gap-1 uppercase hover:text-slate-900 ${fit && column.align === 'end' ? 'text-right' : 'text-left'} ${active ? 'text-slate-900' : ''}`}
                  >
                    {column.header}
                    <Icon aria-hidden="true" className={`size-3.5 ${active ? '' : 'opacity-50'}`} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
          {actions && (
            <th scope="col" className={`sticky right-0 bg-slate-50 py-3 ${fit ? 'px-3' : 'px-4'} ${edgeShadow}`}>
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className={cards ? 'block space-y-3 md:table-row-group md:space-y-0' : 'divide-y divide-slate-100'}>
        {shown.map((row) => (
          <tr
            key={rowKey(row)}
            data-testid={rowTestId?.(row)}
            {...rowData?.(row)}
            className={
              cards
                ? 'block rounded-xl border border-slate-200 bg-white p-3 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:border-b md:border-slate-100 md:p-0 md:last:border-b-0'
                : undefined
            }
          >
            {columns.map((column) => (
              <td key={column.id} data-label={column.header} className={cellClass(column, cards, fit)}>
                {cards && !column.primary ? (
                  <div className={`min-w-0 break-words ${column.align === 'end' ? '' : 'text-right md:text-left'}`}>
                    {column.cell(row)}
                  </div>
                ) : (
                  column.cell(row)
                )}
              </td>
            ))}
            {actions && (
              <td
                className={
                  cards
                    ? `mt-2 block border-t border-slate-100 pt-2 md:mt-0 md:table-cell md:border-0 ${fit ? 'md:px-3' : 'md:px-4'} md:py-3 ${stickyFromMd}`
                    : `${fit ? 'px-3' : 'px-4'} py-3 ${sticky}`
                }
              >
                <div className="flex flex-wrap justify-end gap-1 md:flex-nowrap">{actions(row)}</div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <div data-testid={testId} aria-busy={loading || undefined}>
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className={`${cards ? 'md:overflow-x-auto md:rounded-2xl md:border md:border-slate-200 md:bg-white md:shadow-sm' : `overflow-x-auto ${box}`} focus-visible:outline-2 focus-visible:outline-teal-600 ${loading ? 'opacity-60' : ''}`}
      >
        {table}
      </div>
      {pageSize !== undefined && pages > 1 && (
        <nav aria-label={t('table.pager')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-slate-600 tabular-nums">
            {t('table.range', {
              from: (page - 1) * pageSize + 1,
              to: Math.min(page * pageSize, count),
              total: count,
            })}
          </p>
          <div className="flex items-center gap-2">
            <button
              type="button"
              onClick={() => goTo(page - 1)}
              disabled={page <= 1}
              aria-label={t('table.previous')}
              className={buttonClass('secondary', 'sm')}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </button>
            <span className="tabular-nums">{t('table.page', { page, pages })}</span>
            <button
              type="button"
              onClick={() => goTo(page + 1)}
              disabled={page >= pages}
              aria-label={t('table.next')}
              className={buttonClass('secondary', 'sm')}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </div>
        </nav>
      )}
    </div>
  );
}
