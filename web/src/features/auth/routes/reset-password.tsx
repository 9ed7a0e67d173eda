import { ArrowLeft, KeyRound, Loader2, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { PasswordInput } from '@/components/password/password-input';
import { MatchIndicator, StrengthMeter } from '@/components/password/strength-meter';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { useAccountRules } from '@/lib/wasm-account';
import { resetPassword } from '../api/auth';
import { AuthCard } from '../components/auth-card';

/**
 * Reset password (`/reset-password?token=…`): a new password and its confirmation under the registration's
 * password rules (strength meter, match indicator, same disabled rule); an invalid or expired link says so.
 * The form is drawn at once; its rules arrive with the account module (the button stays disabled until then).
 */
export default function ResetPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rules = useAccountRules();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tokenInvalid, setTokenInvalid] = useState(!token);
  const [submitting, setSubmitting] = useState(false);
  useDocumentMeta(t('reset.metaTitle'), t('reset.subtitle'));

  const disabled = rules?.registrationSubmitDisabled(submitting, password, confirm) ?? true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || !rules) return;
    // The password rules are registration's: ask the shared rule with a placeholder email and username.
    const checked = rules.validateRegistration(
      { email: 'reset@example.com', username: 'password-reset', password, confirmPassword: confirm, role: 'Student' },
      i18n.language,
    );
    if (!checked.ok) {
      setErrors({ password: checked.errors.password, confirmPassword: checked.errors.confirmPassword });
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      await resetPassword(token, checked.value.password);
      toast.success(t('reset.success'));
      void navigate(paths.login, { replace: true });
    } catch (error) {
      console.error('Password reset failed', error);
      if (error instanceof ApiError && [400, 401, 404, 410].includes(error.status) && !error.fields?.password) {
        setTokenInvalid(true);
      } else if (error instanceof ApiError && error.fields?.password) {
        setErrors({ password: error.fields.password });
      } else {
        setFormError(error instanceof ApiError && error.status === 429 ? error.message : t('reset.failed'));
      }
      setSubmitting(false);
    }
  };

  const back = (
    <Link to={paths.login} className="inline-flex items-center gap-1.5 font-semibold text-teal-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('reset.backToLogin')}
    </Link>
  );

  if (tokenInvalid) {
    return (
      <AuthCard testId="reset-password-page" title={t('reset.title')} footer={back}>
        <div role="alert" className="flex gap-3 rounded-xl bg-rose-50 p-4 text-sm text-rose-800">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p>{t('reset.invalidToken')}</p>
        </div>
        <Link to={paths.forgotPassword} className={`${buttonClass('primary')} mt-5 w-full`}>
          {t('reset.requestNew')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard testId="reset-password-page" title={t('reset.title')} subtitle={t('reset.subtitle')} footer={back}>
      <form noValidate aria-busy={!rules || undefined} onSubmit={(e) => void submit(e)} className="space-y-5">
        <Field
          label={t('reset.password')}
          error={errors.password}
          hint={<StrengthMeter password={password} />}
          render={({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              name="password"
              autoComplete="new-password"
              placeholder={t('reset.passwordPlaceholder')}
              aria-describedby={describedBy}
              invalid={invalid}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        />
        <Field
          label={t('reset.confirmPassword')}
          error={errors.confirmPassword}
          hint={<MatchIndicator password={password} confirm={confirm} />}
          render={({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              name="confirmPassword"
              autoComplete="new-password"
              placeholder={t('reset.confirmPlaceholder')}
              aria-describedby={describedBy}
              invalid={invalid}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        />
        {formError && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {formError}
          </p>
        )}
        <button type="submit" disabled={disabled} className={`${buttonClass('primary', 'lg')} w-full`}>
          {submitting ? (
            <Loader2 aria-hidden="true" className="size-4.5 animate-spin" />
          ) : (
            <KeyRound aria-hidden="true" className="size-4.5" />
          )}
          {submitting ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
