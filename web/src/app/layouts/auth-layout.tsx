import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { Brand } from './brand';

/** Auth layout: login, register, forgot and reset password; no guard. */
export function AuthLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-teal-800 via-teal-700 to-slate-900 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <Brand tone="dark" />
        <div>
          <h2 className="max-w-md text-4xl leading-tight font-extrabold">{t('authLayout.title')}</h2>
          <p className="mt-4 max-w-md text-teal-100">{t('authLayout.text')}</p>
        </div>
        <p className="text-sm text-teal-200">{t('footer.copyright', { year: 2025 })}</p>
        <div
          aria-hidden="true"
          className="absolute -right-24 -bottom-24 size-96 rounded-full bg-amber-400/20 blur-3xl"
        />
      </aside>
      <div className="flex flex-col">
        <div className="flex items-center justify-between px-6 py-4">
          <span className="lg:hidden">
            <Brand />
          </span>
          <span className="ml-auto">
            <LanguageSwitch />
          </span>
        </div>
        <main id="main" className="flex flex-1 items-center justify-center px-4 py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export default AuthLayout;
