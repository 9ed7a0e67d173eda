import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { useDocumentMeta } from '@/lib/use-document-meta';

/** A public page that a later milestone builds: its real title and purpose, marked as coming soon. */
export default function PublicPlaceholderPage({ page }: { page: string }) {
  const { t } = useTranslation(['pages', 'common']);
  const title = t(`${page}.title`);
  const description = t(`${page}.description`);
  useDocumentMeta(`${title} | ${t('common:brand')}`, description);
  return <ComingSoon title={title} description={description} />;
}
