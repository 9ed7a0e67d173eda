import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchTarget, textLimits } from '@/lib/wasm';

interface SearchBoxProps {
  variant?: 'header' | 'hero';
  className?: string;
  /** Called when a search is made (a menu around the box closes so its results are seen). */
  onSearch?: () => void;
}

/**
 * The course search of the header and the hero: Enter with non-empty trimmed text goes to
 * /courselist?search=<url-encoded text>; otherwise nothing happens and nothing is shown. The rule is the shared one.
 */
export function SearchBox({ variant = 'header', className = '', onSearch }: SearchBoxProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = searchTarget(text);
    if (!target) return;
    onSearch?.();
    void navigate(target);
  };

  const hero = variant === 'hero';
  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('search.label')}
      </label>
      <Search
        aria-hidden="true"
        className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-400 ${hero ? 'left-4 size-5' : 'left-3 size-4'}`}
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={textLimits().search}
        placeholder={t('search.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        className={
          hero
            ? 'w-full rounded-full border border-slate-200 bg-white py-4 pr-32 pl-12 text-base shadow-lg shadow-teal-900/5 outline-none placeholder:text-slate-400 focus:border-teal-600 focus:ring-4 focus:ring-teal-600/15'
            : 'w-full rounded-full border border-slate-200 bg-slate-50 py-2 pr-4 pl-9 text-sm outline-none placeholder:text-slate-400 focus:border-teal-600 focus:bg-white focus:ring-2 focus:ring-teal-600/20'
        }
      />
      {hero && (
        <button
          type="submit"
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-teal-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-teal-800"
        >
          {t('search.submit')}
        </button>
      )}
    </form>
  );
}
