import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { refusalOf } from '@/lib/refusal';

/** The server's refusal in the person's language. */
export const refusal = refusalOf;

/**
 * An administrator's act that must say why (confirming a transfer by hand, a refund, resolving a transaction): a
 * button that opens a note field (and, for acts that name something, one more field before it); the act is sent
 * with the note and that value, and a refusal is shown under it.
 */
export function NoteAction({
  label,
  submitLabel,
  onSubmit,
  danger = false,
  field,
}: {
  label: string;
  submitLabel: string;
  onSubmit: (note: string, value: string) => Promise<unknown>;
  danger?: boolean;
  /** A required field before the note, e.g. the order code money is applied to. */
  field?: { label: string; placeholder?: string; maxLength: number };
}) {
  const { t } = useTranslation('commerceAdmin');
  const id = useId();
  const fieldId = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(note.trim(), value.trim());
      setOpen(false);
      setNote('');
      setValue('');
    } catch (e) {
      setError(refusal(e, t('failed')));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button type="button" className={buttonClass(danger ? 'ghost' : 'secondary', 'sm')} onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="flex w-full flex-col gap-2 sm:w-72">
      {field && (
        <>
          <label htmlFor={fieldId} className="text-xs font-medium text-slate-600">
            {field.label}
          </label>
          <input
            id={fieldId}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
            maxLength={field.maxLength}
            placeholder={field.placeholder}
            className="rounded-lg border border-slate-300 px-2.5 py-1.5 font-mono text-sm"
          />
        </>
      )}
      <label htmlFor={id} className="text-xs font-medium text-slate-600">
        {t('note')}
      </label>
      <textarea
        id={id}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        required
        maxLength={500}
        rows={2}
        className="rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm"
      />
      {error && (
        <p role="alert" className="text-xs text-rose-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={busy || !note.trim() || (field !== undefined && !value.trim())}
          className={buttonClass('primary', 'sm')}
        >
          {submitLabel}
        </button>
        <button type="button" onClick={() => setOpen(false)} className={buttonClass('ghost', 'sm')}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
