import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { HydrateWhenNear } from '@/components/hydrate-when-near';
import { lazyPage } from '../lazy-page';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';
import { TopContactBar } from './top-contact-bar';

// The footer's recent posts are server state: until they are read it shows none, as it does while they load.
const FooterWithRecentPosts = lazyPage(() => import('./footer-with-recent-posts'), []);

/** Public layout: contact bar, sticky header, page, footer, mobile bottom bar. Toasts live at the root. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <div className="flex min-h-screen flex-col pb-16 lg:pb-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skipToContent')}
      </a>
      <TopContactBar />
      <Header />
      {/* At least a screen tall: while a page loads, the footer stays below the fold instead of jumping down. */}
      <main id="main" className="flex min-h-screen flex-1 flex-col">
        <Outlet />
      </main>
      <HydrateWhenNear target="[data-testid=site-footer]">
        <Suspense fallback={<Footer />}>
          <FooterWithRecentPosts />
        </Suspense>
      </HydrateWhenNear>
      <BottomBar />
    </div>
  );
}

export default PublicLayout;
