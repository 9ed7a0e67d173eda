import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './button';

/** A failed load, with a retry button. */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-3xl border border-rose-200 bg-rose-50/60 px-6 py-12 text-center"
    >
      <TriangleAlert aria-hidden="true" className="mb-3 size-8 text-rose-600" />
      <p className="font-semibold text-slate-900">{t('loadError.title')}</p>
      <p className="mt-1 text-sm text-slate-600">{t('loadError.text')}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className={`${buttonClass('secondary', 'sm')} mt-5`}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('loadError.retry')}
        </button>
      )}
    </div>
  );
}
