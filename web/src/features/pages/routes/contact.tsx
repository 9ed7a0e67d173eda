import { Clock, GraduationCap, Mail, MapPin, Phone, Send } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/ui/spinner';
import { useSite } from '@/lib/site';
import { textLimits } from '@/lib/wasm';
import { sendContactMessage, type ContactMessage } from '../api/contact';
import { InfoHeader, InfoPage, useInfoT } from '../components/info-page';

const empty: Required<ContactMessage> = { name: '', email: '', phone: '', subject: '', message: '' };
const subjects = ['course', 'mentorship', 'teacher', 'partnership', 'other'] as const;
const field =
  'w-full rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:border-teal-600 focus:ring-4 focus:ring-teal-600/15 aria-[invalid=true]:border-rose-400';

function Body() {
  const t = useInfoT();
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const id = useId();
  const limits = textLimits();

  const update =
    (key: keyof ContactMessage) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setForm((previous) => ({ ...previous, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setErrors({});
    try {
      const outcome = await sendContactMessage({
        ...form,
        subject: form.subject ? t(`contact.form.subjects.${form.subject}`) : '',
      });
      if (outcome.ok) {
        toast.success(t('contact.form.success'));
        setForm(empty);
      } else {
        setErrors(outcome.fields ?? {});
        toast.error(t('contact.form.failure', { error: outcome.error ?? t('contact.form.unknownError') }));
      }
    } catch {
      toast.error(t('contact.form.networkError'));
    } finally {
      setSending(false);
    }
  };

  const label = (key: keyof ContactMessage, optional = false) => (
    <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-semibold text-slate-700">
      {t(`contact.form.${key}`)}
      {optional && <span className="font-normal text-slate-500"> ({t('contact.form.optional')})</span>}
    </label>
  );
  const error = (key: string) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} className="mt-1 text-sm text-rose-700">
        {errors[key]}
      </p>
    ) : null;
  const aria = (key: string) => ({
    'aria-invalid': Boolean(errors[key]),
    'aria-describedby': errors[key] ? `${id}-${key}-error` : undefined,
  });

  const site = useSite();
  const info = [
    { Icon: Phone, label: t('contact.info.phone'), value: site.phone, href: site.phoneHref },
    { Icon: Mail, label: t('contact.info.email'), value: site.email, href: `mailto:${site.email}` },
    { Icon: MapPin, label: t('contact.info.address'), value: site.address, href: site.addressHref },
    { Icon: Clock, label: t('contact.info.hours'), value: t('contact.info.hoursText') },
  ];

  return (
    <div className="flex-1 bg-slate-50/60">
      <InfoHeader eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-4">
          <ul className="space-y-3">
            {info.map(({ Icon, label, value, href }) => (
              <li key={label} className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block text-xs font-bold tracking-wider text-slate-500 uppercase">{label}</span>
                  {href ? (
                    <a
                      href={href}
                      className="font-semibold break-words text-slate-900 hover:text-teal-700"
                      {...(href.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}
                    >
                      {value}
                    </a>
                  ) : (
                    <span className="font-semibold text-slate-900">{value}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          <div className="rounded-2xl bg-amber-100 p-6" id="become-teacher">
            <h2 className="flex items-center gap-2 font-bold text-slate-900">
              <GraduationCap aria-hidden="true" className="size-5 text-amber-700" />
              {t('contact.teacher.title')}
            </h2>
            <p className="mt-2 text-sm text-slate-700">{t('contact.teacher.text')}</p>
          </div>
        </div>

        <form
          onSubmit={(event) => void submit(event)}
          className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10"
          data-testid="contact-form"
          aria-labelledby={`${id}-title`}
          noValidate={false}
        >
          <h2 id={`${id}-title`} className="mb-6 text-2xl font-extrabold text-slate-900">
            {t('contact.form.title')}
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              {label('name')}
              <input
                id={`${id}-name`}
                required
                autoComplete="name"
                maxLength={limits.title}
                value={form.name}
                onChange={update('name')}
                className={field}
                {...aria('name')}
              />
              {error('name')}
            </div>
            <div>
              {label('email')}
              <input
                id={`${id}-email`}
                type="email"
                required
                autoComplete="email"
                maxLength={limits.email}
                value={form.email}
                onChange={update('email')}
                className={field}
                {...aria('email')}
              />
              {error('email')}
            </div>
            <div>
              {label('phone', true)}
              <input
                id={`${id}-phone`}
                type="tel"
                autoComplete="tel"
                maxLength={limits.phone}
                value={form.phone}
                onChange={update('phone')}
                className={field}
                {...aria('phone')}
              />
              {error('phone')}
            </div>
            <div>
              {label('subject', true)}
              <select
                id={`${id}-subject`}
                value={form.subject}
                onChange={update('subject')}
                className={field}
                {...aria('subject')}
              >
                <option value="">—</option>
                {subjects.map((key) => (
                  <option key={key} value={key}>
                    {t(`contact.form.subjects.${key}`)}
                  </option>
                ))}
              </select>
              {error('subject')}
            </div>
          </div>
          <div className="mt-5">
            {label('message')}
            <textarea
              id={`${id}-message`}
              required
              rows={6}
              maxLength={limits.message}
              value={form.message}
              onChange={update('message')}
              className={`${field} resize-y`}
              {...aria('message')}
            />
            {error('message')}
          </div>
          <button
            type="submit"
            disabled={sending}
            className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-xl bg-teal-700 px-6 py-3.5 font-semibold text-white shadow-lg shadow-teal-900/20 transition hover:bg-teal-800 disabled:opacity-60 sm:w-auto"
          >
            {sending ? (
              <Spinner className="size-4 border-2 border-white border-t-transparent" />
            ) : (
              <Send aria-hidden="true" className="size-4" />
            )}
            {sending ? t('contact.form.sending') : t('contact.form.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}

export default function ContactPage() {
  return <InfoPage page="contact">{() => <Body />}</InfoPage>;
}
