import { lazy, type ComponentProps, type ComponentType } from 'react';
import { loadNamespaces } from '@/lib/i18n';

/**
 * A route's page (or a part of the shell that reads server state), loaded when first shown: its module, the
 * translation namespaces it uses and the query client's provider load together, so it renders with its texts
 * (never with keys) and reads its server state after one round of requests.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take any props, which React.lazy keeps.
export function lazyPage<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  namespaces: readonly string[],
) {
  return lazy(async () => {
    const [{ default: Page }, { QueryProvider }] = await Promise.all([
      load(),
      import('@/lib/query-provider'),
      loadNamespaces(namespaces),
    ]);
    function WithQueries(props: ComponentProps<T>) {
      return (
        <QueryProvider>
          <Page {...props} />
        </QueryProvider>
      );
    }
    return { default: WithQueries };
  });
}
