import { ArrowLeft, Loader2, MailCheck, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits } from '@/lib/wasm';
import { loadAccountRules, useAccountRules, type AccountRules } from '@/lib/wasm-account';
import { requestPasswordReset } from '../api/auth';
import { AuthCard } from '../components/auth-card';

/** The email's own message from the shared email rule (the one registration uses), or null when valid. */
function emailError(rules: AccountRules, email: string, lang: string): string | null {
  const check = rules.validateRegistration(
    { email, username: '', password: '', confirmPassword: '', role: 'Student' },
    lang,
  );
  return check.ok ? null : (check.errors.email ?? null);
}

/**
 * Forgot password: the email gets a single-use reset link when an account exists. The answer never says
 * whether it does ("if an account exists…"), so the page cannot be used to probe for accounts.
 */
export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  // Fetched while the person types; a submit before it arrives waits for it.
  const rules = useAccountRules();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useDocumentMeta(t('forgot.metaTitle'), t('forgot.subtitle'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const invalid = value
      ? emailError(rules ?? (await loadAccountRules()), value, i18n.language)
      : t('forgot.emailRequired');
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(value);
      setSentTo(value);
    } catch (err) {
      console.error('Reset link request failed', err);
      // A 429 or a field error carries the server's own localized text; anything else is the generic failure.
      setError(err instanceof ApiError && (err.status === 429 || err.fields) ? err.message : t('forgot.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const back = (
    <Link to={paths.login} className="inline-flex items-center gap-1.5 font-semibold text-teal-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('forgot.backToLogin')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard testId="forgot-password-page" title={t('forgot.sentTitle')} footer={back}>
        <div role="status" className="flex gap-3 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-800">
          <MailCheck aria-hidden="true" className="size-5 shrink-0" />
          <p>{t('forgot.sent', { email: sentTo })}</p>
        </div>
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            setEmail('');
          }}
          className={`${buttonClass('secondary')} mt-5 w-full`}
        >
          {t('forgot.sendAnother')}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard testId="forgot-password-page" title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={back}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        <Field
          label={t('forgot.email')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('forgot.emailPlaceholder')}
          maxLength={textLimits().email}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          error={error}
        />
        <button type="submit" disabled={submitting} className={`${buttonClass('primary', 'lg')} w-full`}>
          {submitting ? (
            <Loader2 aria-hidden="true" className="size-4.5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-4.5" />
          )}
          {submitting ? t('forgot.submitting') : t('forgot.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
