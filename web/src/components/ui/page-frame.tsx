/**
 * The frame of every dashboard page: the page's title (its one h1), a line saying what the page is for, the page's
 * actions (buttons or links, on the right; below the title on a phone) and the same side padding everywhere
 * (16 px on a phone, 24 px from 640 px, 32 px from 1024 px).
 *
 * ```tsx
 * <PageFrame title={t('coupons.title')} description={t('coupons.text')} actions={<button …>{t('add')}</button>}>
 *   <DataTable … />
 * </PageFrame>
 * ```
 *
 * Props: `title` (string), `description?` (node), `actions?` (node), `back?` (a link shown above the title, e.g.
 * to the list an editor came from), `width?` ('wide' 1280 px — the default —, 'medium' 1024 px, 'narrow' 768 px:
 * the most the content takes), `testId?` (the frame's `data-testid`), `children`.
 */
import type { ReactNode } from 'react';

const widths = { wide: 'max-w-7xl', medium: 'max-w-5xl', narrow: 'max-w-3xl' } as const;

export interface PageFrameProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
  width?: keyof typeof widths;
  testId?: string;
  children?: ReactNode;
}

export function PageFrame({ title, description, actions, back, width = 'wide', testId, children }: PageFrameProps) {
  return (
    <div className={`mx-auto w-full min-w-0 ${widths[width]} px-4 py-6 sm:px-6 lg:px-8`} data-testid={testId}>
      {back && <div className="mb-3 text-sm">{back}</div>}
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-slate-900">{title}</h1>
          {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
