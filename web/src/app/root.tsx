import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { AuthProvider } from '@/lib/auth';
import { ScrollRestoration } from './scroll-restoration';

/** at most one toast, shown for 3000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 3000;

// The toast area loads after the first render: nothing shows in it before someone acts, and sonner shows toasts
// raised before its area was there once it is.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The root route: auth state, the toast area and scroll restoration around every layout. */
export function Root() {
  return (
    <AuthProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <Suspense>
        {/* dir given: sonner would otherwise read it from the page's computed style, a style pass over the page. */}
        <Toaster
          visibleToasts={TOAST_LIMIT}
          duration={TOAST_DURATION_MS}
          position="top-right"
          dir="ltr"
          richColors
          closeButton
        />
      </Suspense>
      <ScrollRestoration />
    </AuthProvider>
  );
}
