import type { ReactNode } from 'react';

/** The eyebrow + title + text that opens a page section; `actions` sit on the right on wide screens. */
export function SectionHeading({
  eyebrow,
  title,
  text,
  actions,
  id,
  align = 'left',
}: {
  eyebrow?: string;
  title: string;
  text?: string;
  actions?: ReactNode;
  id?: string;
  align?: 'left' | 'center';
}) {
  const center = align === 'center';
  return (
    <div
      className={`mb-8 flex flex-col gap-4 sm:mb-10 ${center ? 'items-center text-center' : 'sm:flex-row sm:items-end sm:justify-between'}`}
    >
      <div className={center ? 'max-w-2xl' : 'max-w-3xl'}>
        {eyebrow && <p className="mb-2 text-xs font-bold tracking-[0.18em] text-teal-700 uppercase">{eyebrow}</p>}
        <h2 id={id} className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        {text && <p className="mt-3 text-slate-600">{text}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
