import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageFrame } from '@/components/ui/page-frame';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { settingsQueries } from '../api/queries';
import { MoneySummary } from '../components/money-summary';
import { SettingsHistory } from '../components/settings-history';
import { SiteForm } from '../components/site-form';

/**
 * /dashboard/settings (administrators): the academy's details, contact bar and footer, social links, default
 * currency, mail sender and the home's promotion; the payment and payout settings as they are (edited on their own
 * pages); and the history of every settings change.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useQuery(settingsQueries.site());
  useDocumentMeta(t('title'), t('text'));
  return (
    <PageFrame title={t('title')} description={t('text')} width="medium" testId="settings-page">
      <div className="space-y-8">
        {settings.isError ? (
          <LoadError onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <Skeleton className="h-[40rem] rounded-2xl" />
        ) : (
          <SiteForm settings={settings.data} />
        )}
        <section aria-labelledby="settings-money-title" className="space-y-4">
          <div>
            <h2 id="settings-money-title" className="text-lg font-bold text-slate-900">
              {t('money.title')}
            </h2>
            <p className="text-sm text-slate-600">{t('money.text')}</p>
          </div>
          <MoneySummary />
        </section>
        <SettingsHistory />
      </div>
    </PageFrame>
  );
}
