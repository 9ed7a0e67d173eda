import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { SearchBox } from '@/components/search-box';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { Brand } from './brand';
import { navItems } from './nav-items';

/** The mobile slide-out menu's drawer, loaded on first open. */
export default function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('layout');
  const { user } = useAuth();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white shadow-2xl outline-none">
          <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
            <Brand />
            <Dialog.Close asChild>
              <button type="button" aria-label={t('mobile.close')} className="rounded-lg p-2 hover:bg-slate-100">
                <X aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('mobile.title')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('mobile.description')}</Dialog.Description>
          <div className="px-5 pt-4">
            <SearchBox onSearch={close} />
          </div>
          <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {navItems.map(({ key, to, icon: Icon, end }) => (
                <li key={key}>
                  <NavLink
                    to={to}
                    end={end}
                    onClick={close}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-xl px-3 py-3 font-medium ${
                        isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-50'
                      }`
                    }
                  >
                    <Icon aria-hidden="true" className="size-5" />
                    {t(`nav.${key}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-4">
            <LanguageSwitch align="left" />
            {!user && (
              <div className="flex gap-2 whitespace-nowrap">
                <Link to={paths.login} onClick={close} className={buttonClass('secondary', 'sm')}>
                  {t('user.login')}
                </Link>
                <Link to={paths.register} onClick={close} className={buttonClass('primary', 'sm')}>
                  {t('user.register')}
                </Link>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
