import { AlertTriangle, RotateCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { buttonClass } from '@/components/ui/button';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The error screen: what a route shows when it fails. */
export function ErrorScreen({ error }: { error?: unknown }) {
  // Its texts are in the bundled namespace: the screen shows even when nothing more can be downloaded.
  const { t } = useTranslation('common');
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

interface BoundaryProps {
  children: ReactNode;
  /** A new value (another location) clears the error, so going elsewhere renders again. */
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; resetKey: string; failed: boolean }> {
  state = { error: undefined as unknown, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey, failed: false };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A route failed to render', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/**
 * A route's error boundary: an error thrown while its page renders or loads (a chunk or its texts that could not
 * be downloaded) shows the error screen in its place; navigating elsewhere tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary resetKey={useLocation().key}>{children}</Boundary>;
}
