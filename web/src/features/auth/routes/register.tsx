import { GraduationCap, Loader2, Presentation, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { PasswordInput } from '@/components/password/password-input';
import { MatchIndicator, StrengthMeter } from '@/components/password/strength-meter';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits, type RegistrationField, type SignupRole } from '@/lib/wasm';
import { useAccountRules, type RegistrationInput } from '@/lib/wasm-account';
import { registerUser } from '../api/auth';
import { AuthCard } from '../components/auth-card';

const ROLES: { role: SignupRole; icon: typeof GraduationCap }[] = [
  { role: 'Student', icon: GraduationCap },
  { role: 'Teacher', icon: Presentation },
];

/** The text of a failed registration, by HTTP status. */
export function registrationErrorText(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    const server = error.status > 0 && error.kind !== 'network' ? error.message : '';
    switch (error.status) {
      case 400:
        return server || t('register.invalidData');
      case 409:
        return t('register.alreadyExists');
      case 422:
        return t('register.checkInput');
    }
    return server || error.message || t('register.failed');
  }
  return (error instanceof Error && error.message) || t('register.failed');
}

/**
 * The register page: email, username, password with the strength meter, confirmation with a
 * match indicator, the Student/Teacher tab; the button follows the shared disabled rule; POST /users.
 * The form is drawn at once; its rules arrive with the account module (the button stays disabled until then).
 */
export default function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const rules = useAccountRules();
  const [form, setForm] = useState<RegistrationInput>({
    email: '',
    username: '',
    password: '',
    confirmPassword: '',
    role: 'Student',
  });
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  useDocumentMeta(t('register.metaTitle'), t('register.subtitle'));

  const set = (field: RegistrationField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const disabled = rules?.registrationSubmitDisabled(submitting, form.password, form.confirmPassword) ?? true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || !rules) return;
    const checked = rules.validateRegistration(form, i18n.language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFormError(null);
    setSubmitting(true);
    try {
      await registerUser(checked.value);
      toast.success(t('register.success'));
      void navigate(paths.login);
    } catch (error) {
      console.error('Registration failed', error);
      const message = registrationErrorText(error, t);
      if (error instanceof ApiError && error.fields)
        setErrors(error.fields as Partial<Record<RegistrationField, string>>);
      setFormError(message);
      toast.error(message);
    } finally {
      if (live.current) setSubmitting(false);
    }
  };

  return (
    <AuthCard
      testId="register-page"
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={paths.login} className="font-semibold text-teal-700 hover:underline">
            {t('register.loginLink')}
          </Link>
        </>
      }
    >
      <form noValidate aria-busy={!rules || undefined} onSubmit={(e) => void submit(e)} className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('register.roleLabel')}</legend>
          <div
            role="radiogroup"
            aria-label={t('register.roleLabel')}
            className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
          >
            {ROLES.map(({ role, icon: Icon }) => {
              const active = form.role === role;
              return (
                <button
                  key={role}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  onClick={() => setForm((f) => ({ ...f, role }))}
                  className={`flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition ${
                    active ? 'bg-white text-teal-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`register.roles.${role}`)}
                </button>
              );
            })}
          </div>
        </fieldset>

        <Field
          label={t('register.email')}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={t('register.emailPlaceholder')}
          maxLength={textLimits().email}
          value={form.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label={t('register.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('register.usernamePlaceholder')}
          maxLength={textLimits().username}
          value={form.username}
          onChange={set('username')}
          error={errors.username}
        />
        <Field
          label={t('register.password')}
          error={errors.password}
          hint={<StrengthMeter password={form.password} userInputs={[form.username, form.email]} />}
          render={({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              name="password"
              autoComplete="new-password"
              placeholder={t('register.passwordPlaceholder')}
              aria-describedby={describedBy}
              invalid={invalid}
              value={form.password}
              onChange={set('password')}
            />
          )}
        />
        <Field
          label={t('register.confirmPassword')}
          error={errors.confirmPassword}
          hint={<MatchIndicator password={form.password} confirm={form.confirmPassword} />}
          render={({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              name="confirmPassword"
              autoComplete="new-password"
              placeholder={t('register.confirmPlaceholder')}
              aria-describedby={describedBy}
              invalid={invalid}
              value={form.confirmPassword}
              onChange={set('confirmPassword')}
            />
          )}
        />

        {formError && (
          <p
            role="alert"
            data-testid="register-error"
            className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700"
          >
            {formError}
          </p>
        )}

        <button type="submit" disabled={disabled} className={`${buttonClass('primary', 'lg')} w-full`}>
          {submitting ? (
            <Loader2 aria-hidden="true" className="size-4.5 animate-spin" />
          ) : (
            <UserPlus aria-hidden="true" className="size-4.5" />
          )}
          {submitting ? t('register.creating') : t('register.submit')}
        </button>

        <p className="text-center text-xs leading-relaxed text-slate-500">
          <Trans
            t={t}
            i18nKey="register.agreement"
            components={{
              terms: <Link to={paths.terms} className="font-medium text-teal-700 hover:underline" />,
              privacy: <Link to={paths.privacy} className="font-medium text-teal-700 hover:underline" />,
            }}
          />
        </p>
      </form>
    </AuthCard>
  );
}
