/**
 * A public page's first view as HTML, rendered on the server by the app's own components from the answers the
 * page carries (see server/src/http/first_view.rs), so a phone paints the page before the scripts have run and
 * React then hydrates what is there. Only for visitors who are not signed in: a signed-in person's header and
 * pages are theirs, rendered in their browser.
 */
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { AppRoutes } from '@/app/router';
import { renderFrom } from '@/lib/first-view';
import { i18n } from '@/lib/i18n';
import type { Language } from '@/lib/language';
import { queryClient } from '@/lib/query-client';

/** What the server asks for: the page's address (path and query), its language and its first view's answers. */
export interface RenderRequest {
  url: string;
  lang: Language;
  answers: Record<string, unknown>;
}

/** The server's rendering of the app: the browser's tree (`App`) with the page's address instead of the browser's. */
export function ServerApp({ url }: { url: string }): ReactNode {
  return (
    <I18nextProvider i18n={i18n}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </I18nextProvider>
  );
}

/**
 * The HTML of `#root` for one page. Pages render one at a time (the caller queues them): the language, the
 * query cache and the first view's answers are the app's own singletons, set for the page being rendered.
 */
export async function render({ url, lang, answers }: RenderRequest): Promise<string> {
  await i18n.changeLanguage(lang);
  queryClient.clear();
  renderFrom(answers);
  // Waits for every lazy part (route modules, their texts) so the HTML is the page, not its spinners.
  const { prelude } = await prerenderToNodeStream(<ServerApp url={url} />, {
    // Every part in place, in one piece: no part is sent later with an inline script (the CSP allows none).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    // The part that failed renders in the browser (React marks it); the server's log says why.
    onError: (error) => console.error(`rendering ${url}:`, error),
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
