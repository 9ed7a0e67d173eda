import * as Dialog from '@radix-ui/react-dialog';
import { ImageUp, Loader2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { PasswordInput } from '@/components/password/password-input';
import { buttonClass } from '@/components/ui/button';
import { Field, inputClass, inputStateClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { todayIn } from '@/lib/dates';
import { textLimits, type ProfileField, type ProfileForm } from '@/lib/wasm';
import { ACADEMY_TIME_ZONE } from '@/lib/time-zone';
import { loadAccountRules, useAccountRules } from '@/lib/wasm-account';
import { useScheduleRules } from '@/lib/wasm-schedule';
import { updateProfile, uploadAvatar, type UploadEvent } from '../api/profile';
import { dateInputValue } from '../lib/format';
import type { ProfileUser } from '../types';
import { AVATAR_PLACEHOLDER, Img } from './image';

/** How long the bar rests at 100% before going back to 0 (…70, 100, then 0). */
const PROGRESS_RESET_MS = 600;

function formOf(user: ProfileUser): ProfileForm {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
    address: user.address ?? '',
    dob: dateInputValue(user.dob),
    avatar: user.avatar ?? '',
    ownEmail: user.email ?? '',
    currentPassword: '',
  };
}

type TextField = 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'address';
type InputField = TextField | 'dob' | 'currentPassword';

/** The longest text each field takes, by the shared limits. */
function maxLengthOf(field: TextField): number {
  const limits = textLimits();
  const max: Record<TextField, number> = {
    firstName: limits.personName,
    lastName: limits.personName,
    email: limits.email,
    phoneNumber: limits.phone,
    address: limits.address,
  };
  return max[field];
}

/**
 * The time zone picker: every IANA zone the shared rules know (their module is fetched when the dialog opens);
 * until it arrives, only the current zone.
 */
function TimeZoneField({
  value,
  error,
  disabled,
  onChange,
}: {
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (zone: string) => void;
}) {
  const { t } = useTranslation('profile');
  const rules = useScheduleRules();
  const zones = rules?.timeZones() ?? [value];
  return (
    <Field
      label={t('dialog.timeZone')}
      error={error}
      hint={t('dialog.timeZoneHint')}
      className="sm:col-span-2"
      render={({ id, describedBy, invalid }) => (
        <select
          id={id}
          name="timeZone"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} ${inputStateClass(invalid)}`}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/**
 * The profile update dialog: every field with its own error text from the shared rules,
 * the avatar upload with its progress milestones, "Updating..." while it runs, its success and error toasts. It closes and
 * the stored user is refreshed on success; it stays open on failure.
 *
 * A new e-mail address needs the current password (the field appears as soon as the address differs) and takes
 * effect only once confirmed from the new mailbox: after saving, a toast says to check it and `onEmailPending`
 * gets the new address (the page keeps saying so).
 *
 * Its rules come with the account module, fetched when the profile page draws this (closed) dialog; whatever
 * needs them before they arrive waits for them.
 */
export function UpdateProfileDialog({
  user,
  open,
  onOpenChange,
  onUpdated,
  onEmailPending,
}: {
  user: ProfileUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpdated: () => Promise<unknown> | void;
  /** A confirmation link was mailed to this new address; the account's email changes when it is opened. */
  onEmailPending?: (email: string) => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const rules = useAccountRules();
  const [form, setForm] = useState<ProfileForm>(() => formOf(user));
  const [timeZone, setTimeZone] = useState(user.timeZone || ACADEMY_TIME_ZONE);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const photoId = useId();
  // Today in the zone the person lives in.
  const today = todayIn(timeZone);

  // A fresh form each time the dialog opens, from the latest user.
  useEffect(() => {
    if (!open) return;
    setForm(formOf(user));
    setTimeZone(user.timeZone || ACADEMY_TIME_ZONE);
    setFile(null);
    setErrors({});
    setProgress(0);
  }, [open, user]);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const asksPassword = rules?.changesEmail(user.email ?? '', form.email) ?? false;

  const set = (field: InputField) => (event: ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const chosen = input.files?.[0] ?? null;
    if (!chosen) return;
    const account = rules ?? (await loadAccountRules());
    const notImage = account.imageTypeError(chosen.type, i18n.language);
    if (notImage) {
      setErrors((e) => ({ ...e, avatar: notImage }));
      setFile(null);
      input.value = '';
      return;
    }
    setErrors((e) => ({ ...e, avatar: account.avatarSizeError(chosen.size, i18n.language) ?? undefined }));
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const account = rules ?? (await loadAccountRules());
    const onStep = (step: UploadEvent) => setProgress(account.uploadProgress(step));
    const checked = account.validateProfile({ ...form, avatarBytes: file?.size }, today, i18n.language);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    if (!user.userId) return;
    setErrors({});
    setSubmitting(true);
    try {
      const payload = { ...checked.value, timeZone };
      if (file) {
        payload.avatar = await uploadAvatar(
          file,
          {
            getUrlFailed: t('upload.getUrlFailed'),
            uploadStatus: (status) => t('upload.status', { status }),
            storeFailed: t('upload.storeFailed'),
            avatarFailed: t('upload.avatarFailed'),
          },
          onStep,
        );
        resetTimer.current = setTimeout(
          () => setProgress(account.uploadProgress({ step: 'reset' })),
          PROGRESS_RESET_MS,
        );
      }
      const envelope = await updateProfile(user.userId, payload);
      const pendingEmail = envelope.result?.pendingEmail;
      if (pendingEmail) {
        toast.success(t('dialog.successTitle'), { description: t('dialog.emailPending', { email: pendingEmail }) });
        onEmailPending?.(pendingEmail);
      } else {
        toast.success(t('dialog.successTitle'), { description: t('dialog.successText') });
      }
      setFile(null);
      onOpenChange(false);
      await onUpdated();
    } catch (error) {
      console.error('Profile update failed', error);
      if (error instanceof ApiError && error.code !== undefined) {
        // The server answered with a non-success code.
        if (error.fields) setErrors(error.fields);
        toast.error(t('dialog.errorTitle'), { description: error.message || t('dialog.updateFailed') });
      } else {
        toast.error(t('dialog.errorTitle'), {
          description: (error instanceof Error && error.message) || t('dialog.failed'),
        });
      }
      setProgress(account.uploadProgress({ step: 'reset' }));
    } finally {
      setSubmitting(false);
    }
  };

  const text = (field: TextField, extra: Record<string, unknown> = {}) => ({
    label: t(`dialog.${field}`),
    name: field,
    value: form[field],
    onChange: set(field),
    error: errors[field],
    disabled: submitting,
    maxLength: maxLengthOf(field),
    ...extra,
  });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="update-profile-dialog"
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-100 px-6 py-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-slate-900">{t('dialog.title')}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-500">{t('dialog.description')}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={t('dialog.close')}
                disabled={submitting}
                className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Close>
          </div>

          <form noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-1 flex-col">
            <div className="grid gap-4 overflow-y-auto px-6 py-5 sm:grid-cols-2">
              <div className="flex items-center gap-4 sm:col-span-2">
                <Img
                  src={preview ?? form.avatar}
                  fallback={AVATAR_PLACEHOLDER}
                  className="size-20 shrink-0 rounded-full object-cover ring-4 ring-teal-50"
                />
                <div className="min-w-0 flex-1">
                  <label htmlFor={photoId} className="mb-1.5 block text-sm font-medium text-slate-700">
                    {t('dialog.photo')}
                    <span aria-hidden="true" className="ml-0.5 text-rose-600">
                      *
                    </span>
                  </label>
                  <input
                    id={photoId}
                    name="photo"
                    type="file"
                    accept={rules?.acceptedImageTypes()}
                    aria-required="true"
                    aria-invalid={Boolean(errors.avatar) || undefined}
                    aria-describedby={`${photoId}-hint${errors.avatar ? ` ${photoId}-error` : ''}`}
                    disabled={submitting}
                    onChange={(e) => void choosePhoto(e)}
                    className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-teal-700 hover:file:bg-teal-100"
                  />
                  <p id={`${photoId}-hint`} className="mt-1 text-xs text-slate-500">
                    {t('dialog.photoHint')}
                  </p>
                  {errors.avatar && (
                    <p id={`${photoId}-error`} role="alert" className="mt-1 text-sm text-rose-600">
                      {errors.avatar}
                    </p>
                  )}
                  {progress > 0 && (
                    <div data-testid="upload-progress" className="mt-2">
                      <p className="mb-1 flex items-center gap-1.5 text-xs font-medium text-teal-700">
                        <ImageUp aria-hidden="true" className="size-3.5" />
                        {t('dialog.uploading', { percent: progress })}
                      </p>
                      <div
                        role="progressbar"
                        aria-label={t('dialog.uploading', { percent: progress })}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={progress}
                        className="h-1.5 overflow-hidden rounded-full bg-slate-100"
                      >
                        <div className="h-full bg-teal-600 transition-[width]" style={{ width: `${progress}%` }} />
                      </div>
                    </div>
                  )}
                </div>
              </div>

              <Field {...text('firstName', { autoComplete: 'given-name' })} markRequired />
              <Field {...text('lastName', { autoComplete: 'family-name' })} markRequired />
              <Field {...text('email', { type: 'email', autoComplete: 'email' })} markRequired />
              {asksPassword && (
                <Field
                  label={t('dialog.currentPassword')}
                  error={errors.currentPassword}
                  hint={t('dialog.currentPasswordHint')}
                  markRequired
                  className="sm:col-span-2"
                  render={({ id, describedBy, invalid }) => (
                    <PasswordInput
                      id={id}
                      name="currentPassword"
                      autoComplete="current-password"
                      aria-required="true"
                      aria-describedby={describedBy}
                      invalid={invalid}
                      disabled={submitting}
                      value={form.currentPassword ?? ''}
                      onChange={set('currentPassword')}
                    />
                  )}
                />
              )}
              <Field {...text('phoneNumber', { type: 'tel', autoComplete: 'tel' })} />
              <Field {...text('address', { autoComplete: 'street-address' })} className="sm:col-span-2" />
              <Field
                label={t('dialog.dob')}
                name="dob"
                type="date"
                max={today}
                value={form.dob}
                onChange={set('dob')}
                error={errors.dob}
                disabled={submitting}
              />
              <TimeZoneField
                value={timeZone}
                error={errors.timeZone}
                disabled={submitting}
                onChange={(zone) => {
                  setTimeZone(zone);
                  if (errors.timeZone) setErrors((e) => ({ ...e, timeZone: undefined }));
                }}
              />
            </div>

            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-6 py-4 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <button type="button" disabled={submitting} className={buttonClass('secondary')}>
                  {t('dialog.cancel')}
                </button>
              </Dialog.Close>
              <button type="submit" disabled={submitting} className={buttonClass('primary')}>
                {submitting && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
                {submitting ? t('dialog.submitting') : t('dialog.submit')}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
