import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { AuthProvider } from '@/lib/auth';
import { loadToasts, onToastsWanted } from '@/lib/toast';
import { ScrollRestoration } from './scroll-restoration';

/** at most one toast, shown for 3000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 3000;

// The toast area comes with the first toast (src/lib/toast.ts): sonner shows a toast raised before its area was there
// once it is.
const Toaster = lazy(() => loadToasts().then((m) => ({ default: m.Toaster })));

function ToastArea() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastsWanted(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense>
      {/* dir given: sonner would otherwise read it from the page's computed style, a style pass over the page. */}
      {/* At the bottom: at the top a toast covered the header's controls, or (below the header) the cart's and
          notifications' hover menus. On a phone it stays above the bottom bar. */}
      <Toaster
        visibleToasts={TOAST_LIMIT}
        duration={TOAST_DURATION_MS}
        position="bottom-right"
        mobileOffset={{ bottom: 72 }}
        dir="ltr"
        richColors
        closeButton
      />
    </Suspense>
  );
}

/** The root route: auth state, the toast area and scroll restoration around every layout. */
export function Root() {
  return (
    <AuthProvider>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ToastArea />
      <ScrollRestoration />
    </AuthProvider>
  );
}
