import { useTranslation } from 'react-i18next';

export function Spinner({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-[3px] border-teal-600 border-t-transparent ${className}`}
    />
  );
}

/** The spinner shown while a lazy page loads or while the auth state is being resolved. */
export function PageSpinner() {
  const { t } = useTranslation('common');
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] w-full items-center justify-center gap-3">
      <Spinner />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
