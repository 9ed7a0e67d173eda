import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, LogOut, Menu, Search, X } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { paths } from '@/config/paths';
import { SidebarNotifications } from '@/features/notifications/components/sidebar-notifications';
import { useAuth, useRole } from '@/lib/auth';
import { menuFor, normalizeSearch, textLimits, type NavOption } from '@/lib/wasm';
import { Brand } from './brand';
import { Avatar } from './user-menu-button';

/**
 * The dashboard namespace is flat: menu keys from the shared table nest (`menu.course`, `menu.course.addNew`),
 * so its keys are looked up whole, without splitting on dots.
 */
function useDashboardT() {
  const { t } = useTranslation('dashboard');
  return useCallback(
    (key: string, defaultValue?: string) => t(key, { keySeparator: false, defaultValue: defaultValue ?? key }),
    [t],
  );
}

interface FlatOption {
  label: string;
  breadcrumb: string;
  path: string;
}

function useMenu(): NavOption[] {
  const role = useRole();
  return useMemo(() => (role ? menuFor(role) : []), [role]);
}

function flatten(options: NavOption[], label: (o: NavOption) => string, trail: string[] = []): FlatOption[] {
  return options.flatMap((option) => {
    const here = [...trail, label(option)];
    const self = option.path ? [{ label: label(option), breadcrumb: here.join(' / '), path: option.path }] : [];
    return [...self, ...flatten(option.children, label, here)];
  });
}

function SidebarGroup({ option, onNavigate }: { option: NavOption; onNavigate?: () => void }) {
  const t = useDashboardT();
  const { pathname } = useLocation();
  const containsActive = option.children.some(
    (child) => child.path && pathname.startsWith(child.path.replace(/\/$/, '')),
  );
  const [open, setOpen] = useState(containsActive);
  const label = t(option.labelKey, option.label);

  if (option.path) {
    return (
      <NavLink
        to={option.path}
        end
        onClick={onNavigate}
        className={({ isActive }) =>
          `flex items-center rounded-lg px-3 py-2 text-sm font-medium ${
            isActive ? 'bg-teal-700 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'
          }`
        }
      >
        {label}
      </NavLink>
    );
  }
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white"
      >
        {label}
        <ChevronDown aria-hidden="true" className={`size-4 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <ul className="mt-1 ml-3 space-y-1 border-l border-white/10 pl-3">
          {option.children.map((child) => (
            <li key={child.labelKey}>
              <SidebarGroup option={child} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SidebarNav({ menu, onNavigate }: { menu: NavOption[]; onNavigate?: () => void }) {
  const t = useDashboardT();
  if (menu.length === 0) return <p className="px-3 py-6 text-sm text-slate-400">{t('noOptions')}</p>;
  return (
    <ul className="space-y-1">
      {menu.map((option) => (
        <li key={option.labelKey}>
          <SidebarGroup option={option} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
}

/** The top-bar option search: matches label or breadcrumb path; "No match found" otherwise. */
export function OptionSearch({ options }: { options: FlatOption[] }) {
  const t = useDashboardT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const needle = normalizeSearch(query);
  const matches = needle
    ? options.filter((o) => normalizeSearch(o.label).includes(needle) || normalizeSearch(o.breadcrumb).includes(needle))
    : [];

  const go = (path: string) => {
    setQuery('');
    void navigate(path);
  };

  return (
    <div className="relative w-full min-w-0 max-w-md">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        maxLength={textLimits().search}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && matches[0]) go(matches[0].path);
          if (event.key === 'Escape') setQuery('');
        }}
        placeholder={t('searchOption')}
        aria-label={t('searchOption')}
        className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm outline-none focus:border-teal-600 focus:bg-white"
      />
      {needle && (
        <div className="absolute top-full z-50 mt-1 w-full rounded-xl border border-slate-200 bg-white p-1 shadow-xl">
          {matches.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">{t('noMatch')}</p>
          ) : (
            <ul role="listbox" aria-label={t('searchOption')}>
              {matches.map((option) => (
                <li key={option.path} role="option" aria-selected="false">
                  <button
                    type="button"
                    onClick={() => go(option.path)}
                    className="w-full rounded-lg px-3 py-2 text-left hover:bg-teal-50"
                  >
                    <span className="block text-sm font-medium text-slate-800">{option.label}</span>
                    <span className="block text-xs text-slate-500">{option.breadcrumb}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** Dashboard shell: sidebar with expandable groups by role, top bar, mobile drawer, language selector. */
export function DashboardLayout() {
  const t = useDashboardT();
  const { user, logout } = useAuth();
  const menu = useMenu();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const options = useMemo(() => flatten(menu, (o) => t(o.labelKey, o.label)), [menu, t]);

  // the dashboard signs out through POST /api/logout, then goes to /login.
  const signOut = async () => {
    await logout({ endpoint: '/api/logout', to: paths.login });
  };

  return (
    <div className="flex min-h-screen bg-slate-50">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 flex-col bg-slate-900 lg:flex">
        <div className="px-5 py-5">
          <Brand tone="dark" />
        </div>
        <nav aria-label={t('sidebar')} className="flex-1 overflow-y-auto px-3 pb-6">
          {user && <SidebarNotifications />}
          <SidebarNav menu={menu} />
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
            <Dialog.Trigger asChild>
              <button type="button" aria-label={t('openMenu')} className="rounded-lg p-2 hover:bg-slate-100 lg:hidden">
                <Menu aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 flex-col bg-slate-900 outline-none">
                <div className="flex items-center justify-between px-5 py-5">
                  <Brand tone="dark" />
                  <Dialog.Close asChild>
                    <button
                      type="button"
                      aria-label={t('closeMenu')}
                      className="rounded-lg p-2 text-slate-300 hover:bg-white/10"
                    >
                      <X aria-hidden="true" className="size-5" />
                    </button>
                  </Dialog.Close>
                </div>
                <Dialog.Title className="sr-only">{t('sidebar')}</Dialog.Title>
                <Dialog.Description className="sr-only">{t('drawerDescription')}</Dialog.Description>
                <nav aria-label={t('sidebar')} className="flex-1 overflow-y-auto px-3 pb-6">
                  {user && <SidebarNotifications live={false} onNavigate={() => setDrawerOpen(false)} />}
                  <SidebarNav menu={menu} onNavigate={() => setDrawerOpen(false)} />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>

          <OptionSearch options={options} />

          <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
            <Link to={paths.home} className="hidden text-sm font-semibold text-teal-700 hover:underline sm:block">
              {t('backToSite')}
            </Link>
            <LanguageSwitch />
            {user && <Avatar user={user} />}
            <button
              type="button"
              onClick={() => void signOut()}
              aria-label={t('logout')}
              className="rounded-lg p-2 text-slate-500 hover:bg-rose-50 hover:text-rose-600"
            >
              <LogOut aria-hidden="true" className="size-5" />
            </button>
          </div>
        </header>
        <main id="main" className="flex-1">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
