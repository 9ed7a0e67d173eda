import * as Dialog from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { PasswordInput } from '@/components/password/password-input';
import { StrengthMeter } from '@/components/password/strength-meter';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { todayIn } from '@/lib/dates';
import { textLimits } from '@/lib/wasm';
import { loadAccountRules, useAccountRules, type AccountRules } from '@/lib/wasm-account';
import { useCreateStaff } from '../api/queries';
import type { StaffAccount } from '../api/users';

const EMPTY: StaffAccount = { firstName: '', lastName: '', username: '', email: '', password: '' };
type StaffField = keyof StaffAccount;

/**
 * Checks a staff account with the shared rules: the names by the profile rules, username, email and password
 * by the registration rules (the password needs no confirmation here: the admin sees it).
 */
export function validateStaff(
  rules: AccountRules,
  account: StaffAccount,
  lang: string,
): Partial<Record<StaffField, string>> {
  const registration = rules.validateRegistration(
    {
      email: account.email,
      username: account.username,
      password: account.password,
      confirmPassword: account.password,
      role: 'Student',
    },
    lang,
  );
  const profile = rules.validateProfile(
    {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      phoneNumber: '',
      address: '',
      dob: '',
      avatar: '',
    },
    todayIn(),
    lang,
  );
  const errors: Partial<Record<StaffField, string>> = {};
  if (!profile.ok) {
    errors.firstName = profile.errors.firstName;
    errors.lastName = profile.errors.lastName;
  }
  if (!registration.ok) {
    errors.username = registration.errors.username;
    errors.email = registration.errors.email;
    errors.password = registration.errors.password;
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v));
}

export function CreateStaffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation('users');
  // The account rules (the names, username, email and password checks) are fetched while the dialog is drawn.
  const rules = useAccountRules();
  const [form, setForm] = useState<StaffAccount>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<StaffField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const createStaff = useCreateStaff();

  // Each opening starts from an empty form.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setForm(EMPTY);
      setErrors({});
      setFormError(null);
    }
  }

  const set = (field: StaffField) => (event: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateStaff(rules ?? (await loadAccountRules()), form, i18n.language);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSubmitting(true);
    setFormError(null);
    const account: StaffAccount = {
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
      username: form.username.trim(),
      email: form.email.trim(),
      password: form.password.trim(),
    };
    try {
      await createStaff.mutateAsync(account);
      toast.success(t('staffDialog.created', { username: account.username }));
      onOpenChange(false);
    } catch (error) {
      console.error('Staff account creation failed', error);
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFormError(error instanceof ApiError && error.status > 0 ? error.message : t('staffDialog.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  const limits = textLimits();
  const maxLength: Record<Exclude<StaffField, 'password'>, number> = {
    firstName: limits.personName,
    lastName: limits.personName,
    username: limits.username,
    email: limits.email,
  };
  const field = (name: Exclude<StaffField, 'password'>, extra: Record<string, unknown> = {}) => ({
    label: t(`staffDialog.${name}`),
    name,
    value: form[name],
    onChange: set(name),
    error: errors[name],
    disabled: submitting,
    markRequired: true,
    maxLength: maxLength[name],
    ...extra,
  });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="create-staff-dialog"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">{t('staffDialog.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-500">{t('staffDialog.description')}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={t('staffDialog.close')}
                className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Close>
          </div>
          <form noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-1 flex-col">
            <div className="grid gap-4 overflow-y-auto px-6 py-5 sm:grid-cols-2">
              <Field {...field('firstName', { autoComplete: 'off' })} />
              <Field {...field('lastName', { autoComplete: 'off' })} />
              <Field
                {...field('username', { autoComplete: 'off', autoCapitalize: 'none' })}
                className="sm:col-span-2"
              />
              <Field {...field('email', { type: 'email', autoComplete: 'off' })} className="sm:col-span-2" />
              <Field
                label={t('staffDialog.password')}
                markRequired
                error={errors.password}
                className="sm:col-span-2"
                hint={<StrengthMeter password={form.password} userInputs={[form.username, form.email]} />}
                render={({ id, describedBy, invalid }) => (
                  <PasswordInput
                    id={id}
                    name="password"
                    autoComplete="new-password"
                    aria-describedby={describedBy}
                    invalid={invalid}
                    disabled={submitting}
                    value={form.password}
                    onChange={set('password')}
                  />
                )}
              />
              {formError && (
                <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700 sm:col-span-2">
                  {formError}
                </p>
              )}
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-6 py-4 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <button type="button" disabled={submitting} className={buttonClass('secondary')}>
                  {t('staffDialog.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" disabled={submitting} className={buttonClass('primary')}>
                {submitting && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
                {submitting ? t('staffDialog.submitting') : t('staffDialog.submit')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
