import type { ReactNode } from 'react';
import { paths } from '@/config/paths';

/** A path under /dashboard. */
export function dashboardPath(path: string): string {
  return `${paths.dashboard}/${path}`;
}

/** The title row of a mentorship page: heading, a line of text, actions on the right. */
export function PageHeader({ title, text, actions }: { title: string; text?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {text && <p className="mt-1 text-sm text-slate-600">{text}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
