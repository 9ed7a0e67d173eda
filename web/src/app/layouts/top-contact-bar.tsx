import { Mail, MapPin, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSite } from '@/lib/site';
import { SocialLinks } from './social-links';

/** The top contact bar: phone, e-mail and address as links plus social links; hidden on small screens. */
export function TopContactBar() {
  const { t } = useTranslation('layout');
  const site = useSite();
  return (
    <div className="hidden bg-slate-900 text-sm text-slate-300 md:block" data-testid="top-contact-bar">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-6 px-6 py-2">
        <ul className="flex items-center gap-6">
          <li>
            <a href={site.phoneHref} className="flex items-center gap-2 hover:text-white">
              <Phone aria-hidden="true" className="size-3.5 text-amber-400" />
              <span className="sr-only">{t('contact.phone')}: </span>
              {site.phone}
            </a>
          </li>
          <li>
            <a href={`mailto:${site.email}`} className="flex items-center gap-2 hover:text-white">
              <Mail aria-hidden="true" className="size-3.5 text-amber-400" />
              <span className="sr-only">{t('contact.email')}: </span>
              {site.email}
            </a>
          </li>
          <li className="hidden lg:block">
            <a
              href={site.addressHref}
              target="_blank"
              rel="noreferrer"
              className="flex items-center gap-2 hover:text-white"
            >
              <MapPin aria-hidden="true" className="size-3.5 text-amber-400" />
              <span className="sr-only">{t('contact.address')}: </span>
              {site.address}
            </a>
          </li>
        </ul>
        <SocialLinks className="text-slate-400" />
      </div>
    </div>
  );
}
