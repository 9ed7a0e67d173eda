import { Check, ChevronDown, Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useHoverMenu } from '@/components/hover-menu';
import { chooseLanguage, LANGUAGES, type Language } from '@/lib/language';

/** VI / EN switch: shows the current code, opens on hover, closes 300 ms after leave; choosing reloads. */
export function LanguageSwitch({
  align = 'right',
  tone = 'light',
}: {
  align?: 'left' | 'right';
  tone?: 'light' | 'dark';
}) {
  const { t, i18n } = useTranslation('common');
  const menu = useHoverMenu();
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;

  return (
    <div className="relative" {...menu.containerProps}>
      <button
        type="button"
        {...menu.triggerProps}
        data-testid="language-switch"
        className={`flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold ${
          tone === 'dark' ? 'text-slate-200 hover:bg-white/10' : 'text-slate-700 hover:bg-slate-100'
        }`}
      >
        <Globe aria-hidden="true" className="size-4" />
        {/* Named "Ngôn ngữ: VI": the name holds the text the button shows (WCAG 2.5.3). */}
        <span className="sr-only">{t('language.label')}: </span>
        <span>{current.toUpperCase()}</span>
        <ChevronDown aria-hidden="true" className={`size-3.5 transition ${menu.open ? 'rotate-180' : ''}`} />
      </button>
      {menu.open && (
        <ul
          role="menu"
          aria-label={t('language.label')}
          className={`absolute top-full z-50 mt-1 w-44 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-xl ${
            align === 'right' ? 'right-0' : 'left-0'
          }`}
        >
          {LANGUAGES.map((language) => (
            <li key={language} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={language === current}
                lang={language}
                onClick={() => chooseLanguage(language)}
                className="flex w-full items-center justify-between rounded-lg px-3 py-2 text-left text-sm hover:bg-teal-50"
              >
                <span>
                  <span className="mr-2 font-bold">{language.toUpperCase()}</span>
                  {t(`language.${language}`)}
                </span>
                {language === current && <Check aria-hidden="true" className="size-4 text-teal-700" />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
