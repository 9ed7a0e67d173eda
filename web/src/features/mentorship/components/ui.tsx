import { paths } from '@/config/paths';

/** A path under /dashboard. */
export function dashboardPath(path: string): string {
  return `${paths.dashboard}/${path}`;
}
