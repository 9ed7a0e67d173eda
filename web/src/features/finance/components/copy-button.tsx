import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';

/** Copies `value` for pasting into the bank's transfer screen; named for what it copies. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation('finance');
  const copy = () => {
    void navigator.clipboard
      ?.writeText(value)
      .then(() => toast.success(t('queue.copied')))
      .catch(() => toast.error(t('failed')));
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-teal-700"
      aria-label={t('queue.copy', { what })}
      title={t('queue.copy', { what })}
    >
      <Copy aria-hidden="true" className="size-3.5" />
    </button>
  );
}
