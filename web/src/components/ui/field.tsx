import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export const inputClass =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm transition placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50';

export function inputStateClass(invalid: boolean): string {
  return invalid
    ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-500/25'
    : 'border-slate-300 focus:border-teal-600 focus:ring-teal-600/25';
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** The field's own error text; marks the input invalid and is announced with it. */
  error?: string | null;
  hint?: ReactNode;
  /** Shows the required mark beside the label. */
  markRequired?: boolean;
  /** Replaces the plain input, e.g. an input with a toggle; receives the ids to wire. */
  render?: (props: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

/** A labelled input with its own error text (linked by aria-describedby, announced when it appears). */
export function Field({ label, error, hint, markRequired, render, className = '', ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {markRequired && (
          <span aria-hidden="true" className="ml-0.5 text-rose-600">
            *
          </span>
        )}
      </label>
      {render ? (
        render({ id, describedBy, invalid })
      ) : (
        <input
          id={id}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${inputStateClass(invalid)}`}
          {...input}
        />
      )}
      {hint && (
        <div id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
