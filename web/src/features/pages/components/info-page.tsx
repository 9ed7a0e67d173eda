import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { pageQueries } from '../api/queries';
import { INFO_NS } from '../content/load';

/**
 * Frame of the information pages: sets the page meta (from the always-loaded `pages` texts), loads the long
 * texts, then renders `children`.
 */
export function InfoPage({
  page,
  children,
}: {
  page: 'about' | 'contact' | 'informations' | 'terms' | 'privacy';
  children: () => ReactNode;
}) {
  const { t, i18n } = useTranslation(['pages', 'common']);
  useDocumentMeta(`${t(`pages:${page}.title`)} | ${t('common:brand')}`, t(`pages:${page}.description`));
  const texts = useQuery(pageQueries.infoTexts(i18n.language));
  if (texts.isError)
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16">
        <LoadError onRetry={() => void texts.refetch()} />
      </div>
    );
  if (!texts.data) return <PageSpinner />;
  return <>{children()}</>;
}

export function useInfoT() {
  return useTranslation(INFO_NS).t;
}

/** The soft header band the information pages share. */
export function InfoHeader({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: string }) {
  return (
    <header className="border-b border-slate-200 bg-gradient-to-br from-teal-50 via-white to-amber-50/60">
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow && <p className="mb-2 text-xs font-bold tracking-[0.18em] text-teal-700 uppercase">{eyebrow}</p>}
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 max-w-3xl text-lg text-slate-600">{lead}</p>}
      </div>
    </header>
  );
}
