import type { ReactNode } from 'react';
import { SearchX } from 'lucide-react';

/** What a list shows when it has nothing: an icon, a title, a line of text and an optional action. */
export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div
      role="status"
      className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-slate-50/60 px-6 py-14 text-center"
    >
      <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-white text-teal-700 shadow-sm ring-1 ring-slate-200">
        {icon ?? <SearchX aria-hidden="true" className="size-7" />}
      </span>
      <p className="text-lg font-bold text-slate-900">{title}</p>
      {text && <p className="mt-1 max-w-md text-slate-600">{text}</p>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
