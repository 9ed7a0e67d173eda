import { CheckCircle2, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { textLimits } from '@/lib/wasm';
import { subscribeNewsletter } from '../api/home';

type Status =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; email: string } | { kind: 'error'; message: string };

/** an e-mail and Subscribe Now; subscribing stores it once and confirms in place. */
export function Newsletter() {
  const { t } = useTranslation('home');
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus({ kind: 'sending' });
    try {
      await subscribeNewsletter(email.trim());
      setStatus({ kind: 'done', email: email.trim() });
      setEmail('');
    } catch (error) {
      const message =
        error instanceof ApiError && error.status > 0 ? (error.fields?.email ?? error.message) : t('newsletter.error');
      setStatus({ kind: 'error', message });
    }
  };

  return (
    <section
      data-section="newsletter"
      aria-labelledby="newsletter-title"
      className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6"
    >
      <div className="flex flex-col gap-8 rounded-3xl bg-amber-400 px-6 py-10 sm:px-12 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex items-start gap-4">
          <span className="hidden size-14 shrink-0 items-center justify-center rounded-2xl bg-slate-900 text-amber-400 sm:flex">
            <Mail aria-hidden="true" className="size-7" />
          </span>
          <div>
            <h2 id="newsletter-title" className="text-2xl font-extrabold text-slate-900">
              {t('newsletter.title')}
            </h2>
            <p className="mt-1 text-slate-800">{t('newsletter.text')}</p>
          </div>
        </div>
        <div className="w-full lg:max-w-md">
          <form
            onSubmit={(event) => void submit(event)}
            className="flex flex-col gap-2 sm:flex-row"
            data-testid="newsletter-form"
          >
            <label htmlFor={id} className="sr-only">
              {t('newsletter.label')}
            </label>
            <input
              id={id}
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              maxLength={textLimits().email}
              placeholder={t('newsletter.placeholder')}
              aria-invalid={status.kind === 'error'}
              aria-describedby={`${id}-status`}
              className="min-w-0 flex-1 rounded-xl border-0 bg-white px-4 py-3.5 text-sm text-slate-900 shadow-sm outline-none focus:ring-4 focus:ring-slate-900/20"
            />
            <button
              type="submit"
              disabled={status.kind === 'sending'}
              className="rounded-xl bg-slate-900 px-6 py-3.5 text-sm font-semibold whitespace-nowrap text-white transition hover:bg-slate-800 disabled:opacity-60"
            >
              {t('newsletter.submit')}
            </button>
          </form>
          <p id={`${id}-status`} role="status" className="mt-2 min-h-5 text-sm font-medium">
            {status.kind === 'done' && (
              <span className="inline-flex items-center gap-1.5 text-slate-900">
                <CheckCircle2 aria-hidden="true" className="size-4" />
                {t('newsletter.done', { email: status.email })}
              </span>
            )}
            {status.kind === 'error' && <span className="text-rose-800">{status.message}</span>}
          </p>
        </div>
      </div>
    </section>
  );
}
