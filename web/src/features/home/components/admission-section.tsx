import { Send } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Spinner } from '@/components/ui/spinner';
import { textLimits } from '@/lib/wasm';
import { sendAdmissionMessage, type AdmissionMessage } from '../api/home';
import { Countdown } from './countdown';

const empty: AdmissionMessage = { name: '', email: '', phone: '', courseName: '', message: '' };

const field =
  'w-full rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-900 outline-none placeholder:text-slate-400 focus:border-teal-600 focus:ring-4 focus:ring-teal-600/15';

/**
 * The admission form with the countdown. Only the browser's email and phone input types check the fields
 *; the server validates the rest. Success: toast "Message sent successfully" and the form cleared.
 * Failure: "Failed to send message: {error or Unknown error}"; no answer: "Failed to send message".
 */
export function AdmissionSection() {
  const { t } = useTranslation('home');
  const [form, setForm] = useState<AdmissionMessage>(empty);
  const [sending, setSending] = useState(false);
  const id = useId();

  const update = (key: keyof AdmissionMessage) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((previous) => ({ ...previous, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const outcome = await sendAdmissionMessage(form);
      if (outcome.ok) {
        toast.success(t('admission.success'));
        setForm(empty);
      } else {
        toast.error(t('admission.failure', { error: outcome.error ?? t('admission.unknownError') }));
      }
    } catch {
      toast.error(t('admission.networkError'));
    } finally {
      setSending(false);
    }
  };

  const limits = textLimits();
  const maxLength = { name: limits.title, email: limits.email, phone: limits.phone, courseName: limits.title };
  const input = (key: Exclude<keyof AdmissionMessage, 'message'>, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${key}`} className="mb-1.5 block text-sm font-semibold text-slate-700">
        {t(`admission.fields.${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        name={key}
        type={type}
        required
        autoComplete={autoComplete}
        value={form[key]}
        maxLength={maxLength[key]}
        onChange={update(key)}
        placeholder={t(`admission.placeholders.${key}`)}
        className={field}
      />
    </div>
  );

  return (
    <section
      data-section="admission"
      aria-labelledby="admission-title"
      className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6"
    >
      <div className="grid overflow-hidden rounded-[2rem] shadow-2xl shadow-slate-900/10 ring-1 ring-slate-200 lg:grid-cols-2">
        <div className="relative bg-gradient-to-br from-teal-800 via-teal-700 to-slate-900 p-8 text-white sm:p-12">
          <div aria-hidden="true" className="absolute top-10 right-10 size-40 rounded-full bg-amber-300/20 blur-2xl" />
          <p className="relative text-xs font-bold tracking-[0.18em] text-amber-300 uppercase">
            {t('admission.eyebrow')}
          </p>
          <h2 id="admission-title" className="relative mt-3 text-3xl leading-tight font-extrabold sm:text-4xl">
            {t('admission.title')}
          </h2>
          <p className="relative mt-4 text-teal-50/90">{t('admission.text')}</p>
          <div className="relative mt-10">
            <p className="mb-3 text-sm font-semibold text-teal-100">{t('admission.countdownTitle')}</p>
            <Countdown />
          </div>
        </div>
        <form
          onSubmit={(event) => void submit(event)}
          className="bg-white p-8 sm:p-12"
          data-testid="admission-form"
          aria-labelledby="admission-title"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            {input('name', 'text', 'name')}
            {input('email', 'email', 'email')}
            {input('phone', 'tel', 'tel')}
            {input('courseName', 'text', 'off')}
          </div>
          <div className="mt-5">
            <label htmlFor={`${id}-message`} className="mb-1.5 block text-sm font-semibold text-slate-700">
              {t('admission.fields.message')}{' '}
              <span className="font-normal text-slate-500">({t('admission.optional')})</span>
            </label>
            <textarea
              id={`${id}-message`}
              name="message"
              rows={4}
              value={form.message}
              maxLength={limits.message}
              onChange={update('message')}
              placeholder={t('admission.placeholders.message')}
              className={`${field} resize-y`}
            />
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
            {sending ? t('admission.sending') : t('admission.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
