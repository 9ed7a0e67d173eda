import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { inputClass, inputStateClass } from '@/components/ui/field';

/**
 * A page's filter kept in its address (so a view can be shared and reloaded): `get(name)` reads a value, `set`
 * changes some (an empty value removes it) and goes back to the first page unless it sets the page itself.
 */
export function useUrlFilter() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) ?? '';
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { get, set, page: Number(params.get('page') ?? 1) || 1 };
}

/** The first and last day of a filter (`YYYY-MM-DD`, the last one included), each a date field. */
export function DayRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation('finance');
  const field = `${inputClass} ${inputStateClass(false)} mt-1`;
  return (
    <>
      <label className="text-sm text-slate-700">
        {t('statement.from')}
        <input type="date" value={from} onChange={(e) => onChange({ from: e.target.value })} className={field} />
      </label>
      <label className="text-sm text-slate-700">
        {t('statement.to')}
        <input type="date" value={to} onChange={(e) => onChange({ to: e.target.value })} className={field} />
      </label>
    </>
  );
}
