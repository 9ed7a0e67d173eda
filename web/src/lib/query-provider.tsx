import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The app's query client around a part of the page. The shell renders without the query library; the pages and
 * the shell's parts that read server state load it with themselves and sit in this provider, all sharing the one
 * client (one cache).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
