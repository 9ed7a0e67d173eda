import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Download, ShieldCheck, Trash2, TriangleAlert, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '@/components/password/password-input';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { SubmitButton } from '@/lib/form';
import { refusalOf } from '@/lib/refusal';
import { toast } from '@/lib/toast';
import { paths } from '@/config/paths';
import { personalDataQueries, useDeleteAccount, useDownloadMyData, type DeletionPreview } from '../api/personal-data';

type Field = 'password' | 'confirmation';

/** The dialog that deletes the account: the password, then the username typed as confirmation. */
function DeleteAccountDialog({
  username,
  open,
  onOpenChange,
}: {
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('profile');
  const { logout } = useAuth();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteAccount();
  const focus = (field: Field) => form.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const missing: Partial<Record<Field, string>> = {};
    if (!password) missing.password = t('data.passwordRequired');
    if (!confirmation.trim()) missing.confirmation = t('data.confirmationRequired', { username });
    if (missing.password || missing.confirmation) {
      setErrors(missing);
      focus(missing.password ? 'password' : 'confirmation');
      return;
    }
    setErrors({});
    remove.mutate(
      { password, confirmation },
      {
        onSuccess: () => {
          toast.success(t('data.deleted'));
          void logout({ to: paths.home });
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0) {
            setErrors(e.fields);
            focus(e.fields.password ? 'password' : 'confirmation');
          } else setError(refusalOf(e, t('data.failed')));
        },
      },
    );
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="delete-account-dialog"
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{t('data.dialogTitle')}</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={t('dialog.close')}
                disabled={remove.isPending}
                className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{t('data.dialogDescription')}</Dialog.Description>
          <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-4">
            <div>
              <label htmlFor={`${id}-password`} className="mb-1 block text-sm font-medium text-slate-700">
                {t('data.password')}
              </label>
              <PasswordInput
                id={`${id}-password`}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                invalid={Boolean(errors.password)}
                aria-describedby={errors.password ? `${id}-password-error` : undefined}
              />
              {errors.password && (
                <p id={`${id}-password-error`} className="mt-1 text-xs text-rose-700">
                  {errors.password}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={`${id}-confirmation`} className="mb-1 block text-sm font-medium text-slate-700">
                {t('data.confirmation', { username })}
              </label>
              <input
                id={`${id}-confirmation`}
                name="confirmation"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
                aria-invalid={Boolean(errors.confirmation) || undefined}
                aria-describedby={errors.confirmation ? `${id}-confirmation-error` : undefined}
                className={`${inputClass} ${inputStateClass(Boolean(errors.confirmation))}`}
              />
              {errors.confirmation && (
                <p id={`${id}-confirmation-error`} className="mt-1 text-xs text-rose-700">
                  {errors.confirmation}
                </p>
              )}
            </div>
            {error && (
              <p role="alert" className="text-sm text-rose-700">
                {error}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Dialog.Close asChild>
                <button type="button" className={buttonClass('secondary')} disabled={remove.isPending}>
                  {t('data.cancel')}
                </button>
              </Dialog.Close>
              <SubmitButton busy={remove.isPending} variant="danger">
                {t('data.deleteForever')}
              </SubmitButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** What happens to a teacher's courses and plans, when they have any. */
function TeachingConsequences({ preview }: { preview: DeletionPreview }) {
  const { t } = useTranslation('profile');
  const lines = [
    preview.coursesWithBuyers > 0 && t('data.coursesWithBuyers', { count: preview.coursesWithBuyers }),
    preview.coursesWithoutBuyers > 0 && t('data.coursesWithoutBuyers', { count: preview.coursesWithoutBuyers }),
    preview.mentorshipPlans > 0 && t('data.plans', { count: preview.mentorshipPlans }),
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="teaching-consequences">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The person's rights over their data (Vietnam's personal data decree 13/2023): download everything the academy
 * holds about them, and delete the account, with what is erased, what the law keeps and what must be settled
 * first, as the server says.
 */
export function PersonalData({ username }: { username: string }) {
  const { t, i18n } = useTranslation('profile');
  const preview = useQuery(personalDataQueries.deletionPreview(i18n.language));
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);
  const ties = preview.data?.ties ?? [];
  return (
    <section
      className="grid gap-6 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-2"
      aria-labelledby="personal-data"
      data-testid="personal-data"
    >
      <div className="lg:col-span-2">
        <h2 id="personal-data" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-teal-700" />
          {t('data.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('data.intro')}</p>
      </div>
      <div className="space-y-3">
        <h3 className="font-bold text-slate-900">{t('data.downloadTitle')}</h3>
        <p className="text-sm text-slate-600">{t('data.downloadText')}</p>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, {
              onSuccess: () => toast.success(t('data.downloaded')),
              onError: (e) => toast.error(refusalOf(e, t('data.failed'))),
            })
          }
        >
          <Download aria-hidden="true" className="size-4" />
          {t('data.download')}
        </button>
      </div>
      <div className="space-y-3" data-testid="delete-account">
        <h3 className="font-bold text-slate-900">{t('data.deleteTitle')}</h3>
        <p className="text-sm text-slate-600">{t('data.erased')}</p>
        <p className="text-sm text-slate-600">{t('data.kept')}</p>
        {preview.data && <TeachingConsequences preview={preview.data} />}
        {ties.length > 0 && (
          <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-3" data-testid="deletion-ties">
            <p className="flex items-center gap-2 text-sm font-semibold text-amber-900">
              <TriangleAlert aria-hidden="true" className="size-4" />
              {t('data.settleFirst')}
            </p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-amber-900">
              {ties.map((tie) => (
                <li key={tie.code}>{tie.message}</li>
              ))}
            </ul>
          </div>
        )}
        {preview.isError && <p className="text-sm text-rose-700">{t('data.previewFailed')}</p>}
        <button
          type="button"
          className={buttonClass('danger')}
          disabled={!preview.data?.possible}
          onClick={() => setDeleting(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t('data.delete')}
        </button>
      </div>
      {deleting && <DeleteAccountDialog username={username} open={deleting} onOpenChange={setDeleting} />}
    </section>
  );
}
