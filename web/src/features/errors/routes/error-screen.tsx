import { AlertTriangle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClass } from '@/components/ui/button';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The error screen: the error boundary of every route. */
export function ErrorScreen({ error }: { error?: unknown }) {
  const { t } = useTranslation('errors');
  const message = describe(error);
  return (
    <main role="alert" className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-lg rounded-3xl border border-slate-200 bg-white p-8 text-center shadow-xl">
        <span className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
          <AlertTriangle aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{t('errorScreen.title')}</h1>
        {message && (
          <pre className="mt-4 overflow-x-auto rounded-xl bg-slate-100 p-4 text-left text-sm whitespace-pre-wrap text-slate-700">
            {message}
          </pre>
        )}
        <button type="button" onClick={() => window.location.reload()} className={`${buttonClass('primary')} mt-6`}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('errorScreen.reload')}
        </button>
      </div>
    </main>
  );
}

/** Route-level boundary: reads the error thrown while rendering or loading the route. */
export function RouteErrorBoundary() {
  return <ErrorScreen error={useRouteError()} />;
}
