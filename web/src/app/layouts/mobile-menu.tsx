import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The drawer (and its dialog library) is fetched on the first tap only: most visits never open it. */
const MobileDrawer = lazy(() => import('./mobile-drawer'));

/** The mobile slide-out menu: a menu button and its drawer. */
export function MobileMenu() {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-label={t('mobile.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
