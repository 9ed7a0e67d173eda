import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSite } from '@/lib/site';

export function Brand({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation('common');
  const { academyName } = useSite();
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2.5" aria-label={t('brandHome')}>
      <span className="flex size-9 items-center justify-center rounded-xl bg-teal-700 text-white shadow-md shadow-teal-900/20">
        <GraduationCap aria-hidden="true" className="size-5" />
      </span>
      <span className={`text-lg font-extrabold tracking-tight ${tone === 'dark' ? 'text-white' : 'text-slate-900'}`}>
        {academyName || t('brand')}
      </span>
    </Link>
  );
}
