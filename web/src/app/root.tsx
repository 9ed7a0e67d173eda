import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { PageSpinner } from '@/components/ui/spinner';
import { AuthProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** at most one toast, shown for 3000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 3000;

/** The root route: server state, auth state, the toast area and scroll restoration around every layout. */
export function Root() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
        <Toaster visibleToasts={TOAST_LIMIT} duration={TOAST_DURATION_MS} position="top-right" richColors closeButton />
        <ScrollRestoration />
      </AuthProvider>
    </QueryClientProvider>
  );
}
