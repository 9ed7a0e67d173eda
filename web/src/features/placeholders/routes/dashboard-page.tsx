import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDocumentMeta } from '@/lib/use-document-meta';

/** A dashboard page whose content a later milestone builds. */
export default function DashboardPlaceholderPage({ page }: { page: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const flat = { keySeparator: false } as const;
  const title = t(`pages.${page}`, flat);
  useDocumentMeta(`${title} | ${t('common:brand')}`, t('placeholder.text', flat));
  return (
    <section className="p-4 sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
        <Construction aria-hidden="true" className="mx-auto mb-4 size-10 text-teal-700" />
        <p className="font-semibold text-slate-800">{t('placeholder.title', flat)}</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-500">{t('placeholder.text', flat)}</p>
      </div>
    </section>
  );
}
