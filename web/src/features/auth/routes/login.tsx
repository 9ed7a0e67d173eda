import { Loader2, LogIn } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { PasswordInput } from '@/components/password/password-input';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { textLimits, type LoginField } from '@/lib/wasm';
import { loadAccountRules, useAccountRules } from '@/lib/wasm-account';
import { AuthCard } from '../components/auth-card';
import { redirectTarget } from '../lib/redirect';

/** the delay between a successful login and the redirect. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
const TOAST_ID = 'login';

/**
 * The login page: username and password checked by the shared rule, "Logging in..." while
 * the call runs, then the remembered origin (or /) after 0.5 s; failures show the server's text.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Fetched while the person types; a submit before it arrives waits for it.
  const rules = useAccountRules();
  const [form, setForm] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useDocumentMeta(t('login.metaTitle'), t('login.subtitle'));
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (field: LoginField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const checked = (rules ?? (await loadAccountRules())).validateLogin(form, i18n.language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    toast.loading(t('login.toastLoggingIn'), { id: TOAST_ID });
    try {
      await login(checked.value.username, checked.value.password);
      toast.success(t('login.success'), { id: TOAST_ID });
      const target = redirectTarget(location.search, location.state);
      timer.current = setTimeout(() => void navigate(target, { replace: true }), LOGIN_REDIRECT_DELAY_MS);
    } catch (error) {
      console.error('Login failed', error);
      const answered = error instanceof ApiError && error.status > 0 && error.kind !== 'bad-response';
      const message = answered ? error.message || t('login.failed') : t('login.somethingWentWrong');
      toast.error(message, { id: TOAST_ID });
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      testId="login-page"
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={paths.register} className="font-semibold text-teal-700 hover:underline">
            {t('login.registerLink')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
        <Field
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('login.usernamePlaceholder')}
          maxLength={textLimits().username}
          value={form.username}
          onChange={change('username')}
          error={errors.username}
        />
        <div>
          <Field
            label={t('login.password')}
            error={errors.password}
            render={({ id, describedBy, invalid }) => (
              <PasswordInput
                id={id}
                name="password"
                autoComplete="current-password"
                placeholder={t('login.passwordPlaceholder')}
                aria-describedby={describedBy}
                invalid={invalid}
                value={form.password}
                onChange={change('password')}
              />
            )}
          />
          <div className="mt-2 text-right">
            <Link to={paths.forgotPassword} className="text-sm font-medium text-teal-700 hover:underline">
              {t('login.forgotPassword')}
            </Link>
          </div>
        </div>
        <button type="submit" disabled={submitting} className={`${buttonClass('primary', 'lg')} w-full`}>
          {submitting ? (
            <Loader2 aria-hidden="true" className="size-4.5 animate-spin" />
          ) : (
            <LogIn aria-hidden="true" className="size-4.5" />
          )}
          {submitting ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
