import type { ReactNode } from 'react';
import { RouteErrorBoundary } from '@/features/errors/routes/error-screen';
import { lazyPage } from './lazy-page';

/** Where an error stops: the error screen replaces this element, what is around it stays. */
export const guarded = (element: ReactNode) => <RouteErrorBoundary>{element}</RouteErrorBoundary>;

export const NotFoundPage = lazyPage(() => import('@/features/errors/routes/not-found'), ['errors']);
