import type { ReactNode } from 'react';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { SubmitButton } from '@/lib/form';

export const input = (invalid = false) => `${inputClass} ${inputStateClass(invalid)}`;

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>{children}</div>;
}

const statusTone: Record<string, string> = {
  published: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  draft: 'bg-amber-50 text-amber-800 ring-amber-200',
  archived: 'bg-slate-100 text-slate-600 ring-slate-200',
  visible: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  hidden: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusTone[status] ?? statusTone.archived}`}
    >
      {label}
    </span>
  );
}

/** A label over a control, with the server's error text for it. */
export function FormRow({
  label,
  htmlFor,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  htmlFor?: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      {error && (
        <p role="alert" className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Vietnamese and English versions of one text, side by side. */
export function BilingualField({
  id,
  label,
  value,
  onChange,
  errors = {},
  multiline = false,
  rows = 3,
  required = false,
  maxLength,
  hint,
}: {
  id: string;
  label: string;
  value: { vi: string; en: string };
  onChange: (value: { vi: string; en: string }) => void;
  errors?: { vi?: string; en?: string };
  multiline?: boolean;
  rows?: number;
  required?: boolean;
  /** The longest text each language takes (the shared limit of the field). */
  maxLength?: number;
  hint?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-rose-600">
            *
          </span>
        )}
      </legend>
      <div className="grid gap-3 md:grid-cols-2">
        {(['vi', 'en'] as const).map((lang) => {
          const controlId = `${id}-${lang}`;
          const common = {
            id: controlId,
            value: value[lang],
            required: required && lang === 'vi',
            maxLength,
            'aria-invalid': Boolean(errors[lang]),
            'aria-label': `${label} (${lang.toUpperCase()})`,
            className: `${input(Boolean(errors[lang]))} pl-11`,
          };
          return (
            <div key={lang}>
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-2.5 left-2.5 rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-bold text-slate-500"
                >
                  {lang.toUpperCase()}
                </span>
                {multiline ? (
                  <textarea {...common} rows={rows} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
                ) : (
                  <input {...common} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
                )}
              </div>
              {errors[lang] && (
                <p role="alert" className="mt-1 text-sm text-rose-700">
                  {errors[lang]}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
    </fieldset>
  );
}

/** A form's submit button: disabled with a spinner while the save runs. */
export function SaveButton({ saving, children }: { saving: boolean; children: ReactNode }) {
  return <SubmitButton busy={saving}>{children}</SubmitButton>;
}
