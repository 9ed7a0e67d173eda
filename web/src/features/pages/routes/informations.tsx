import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { InfoHeader, InfoPage, useInfoT } from '../components/info-page';

const items = ['enrol', 'access', 'devices', 'certificate', 'mentorship', 'refund', 'support'] as const;

function Body() {
  const t = useInfoT();
  return (
    <div className="flex-1">
      <InfoHeader eyebrow={t('informations.eyebrow')} title={t('informations.title')} lead={t('informations.lead')} />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <ul className="space-y-3" data-testid="informations">
          {items.map((key, index) => (
            <li key={key}>
              <details
                className="group rounded-2xl border border-slate-200 bg-white p-5 open:shadow-sm"
                open={index === 0}
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-bold text-slate-900 [&::-webkit-details-marker]:hidden">
                  {t(`informations.items.${key}.q`)}
                  <ChevronDown
                    aria-hidden="true"
                    className="size-5 shrink-0 text-slate-500 transition group-open:rotate-180"
                  />
                </summary>
                <p className="mt-3 leading-relaxed text-slate-600">{t(`informations.items.${key}.a`)}</p>
              </details>
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to={paths.contact} className={buttonClass('primary')}>
            {t('common.questions')}
          </Link>
        </div>
      </div>
    </div>
  );
}

export default function InformationsPage() {
  return <InfoPage page="informations">{() => <Body />}</InfoPage>;
}
