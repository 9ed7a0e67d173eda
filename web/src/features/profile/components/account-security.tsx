import { useQuery } from '@tanstack/react-query';
import { KeyRound, Laptop, Smartphone } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { SubmitButton } from '@/lib/form';
import { PasswordInput } from '@/components/password/password-input';
import { StrengthMeter } from '@/components/password/strength-meter';
import { ApiError } from '@/lib/api-client';
import { refusalOf } from '@/lib/refusal';
import { useDates } from '@/lib/dates';
import { toast } from '@/lib/toast';
import {
  securityQueries,
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  type OpenSession,
} from '../api/security';

type Field = 'currentPassword' | 'newPassword';

/** Changes the password: the current one, then the new one with the strength meter of registration. */
function ChangePassword({ userInputs }: { userInputs: string[] }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const missing: Partial<Record<Field, string>> = {};
    if (!current) missing.currentPassword = t('security.currentRequired');
    if (!next) missing.newPassword = t('security.newRequired');
    if (missing.currentPassword || missing.newPassword) {
      setErrors(missing);
      form.current
        ?.querySelector<HTMLElement>(`[name="${missing.currentPassword ? 'currentPassword' : 'newPassword'}"]`)
        ?.focus();
      return;
    }
    setErrors({});
    change.mutate(
      { current, next },
      {
        onSuccess: () => {
          toast.success(t('security.changed'));
          setCurrent('');
          setNext('');
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields && Object.keys(e.fields).length > 0) {
            setErrors(e.fields);
            const first = e.fields.currentPassword ? 'currentPassword' : 'newPassword';
            form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
          } else setError(refusalOf(e, t('security.failed')));
        },
      },
    );
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-3" data-testid="change-password">
      <h3 className="flex items-center gap-2 font-bold text-slate-900">
        <KeyRound aria-hidden="true" className="size-4 text-teal-700" />
        {t('security.changePassword')}
      </h3>
      <div>
        <label htmlFor={`${id}-current`} className="mb-1 block text-sm font-medium text-slate-700">
          {t('security.currentPassword')}
        </label>
        <PasswordInput
          id={`${id}-current`}
          name="currentPassword"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          invalid={Boolean(errors.currentPassword)}
          aria-describedby={errors.currentPassword ? `${id}-current-error` : undefined}
        />
        {errors.currentPassword && (
          <p id={`${id}-current-error`} className="mt-1 text-xs text-rose-700">
            {errors.currentPassword}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-new`} className="mb-1 block text-sm font-medium text-slate-700">
          {t('security.newPassword')}
        </label>
        <PasswordInput
          id={`${id}-new`}
          name="newPassword"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          invalid={Boolean(errors.newPassword)}
          aria-describedby={errors.newPassword ? `${id}-new-error` : undefined}
        />
        {errors.newPassword && (
          <p id={`${id}-new-error`} className="mt-1 text-xs text-rose-700">
            {errors.newPassword}
          </p>
        )}
        {next && (
          <div className="mt-2">
            <StrengthMeter password={next} userInputs={userInputs} />
          </div>
        )}
      </div>
      <p className="text-xs text-slate-500">{t('security.othersEnd')}</p>
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <SubmitButton busy={change.isPending}>{t('security.save')}</SubmitButton>
    </form>
  );
}

/** One open session: the device, where and when; "this device" or a button that ends it. */
function SessionRow({ session, format }: { session: OpenSession; format: (iso: string) => string }) {
  const { t } = useTranslation('profile');
  const end = useEndSession();
  const phone = session.system === 'Android' || session.system === 'iOS';
  const Icon = phone ? Smartphone : Laptop;
  const device =
    [session.browser, session.system].filter(Boolean).join(t('security.on')) || t('security.unknownDevice');
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="open-session">
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {device}
            {session.current && (
              <span className="ml-2 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800">
                {t('security.thisDevice')}
              </span>
            )}
          </p>
          <p className="text-xs break-all text-slate-500">
            {session.address} · {t('security.signedIn', { when: format(session.signedInAt) })} ·{' '}
            {t('security.lastSeen', { when: format(session.lastSeenAt) })}
          </p>
        </div>
      </div>
      {!session.current && (
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success(t('security.ended')),
              onError: (e) => toast.error(refusalOf(e, t('security.failed'))),
            })
          }
          aria-label={t('security.endNamed', { device })}
        >
          {t('security.end')}
        </button>
      )}
    </li>
  );
}

/**
 * A person's account security, on their profile (and the administrator's account page): change the password
 * (the other sessions end) and the sessions open on their devices, each ended on its own or all the others at once.
 */
export function AccountSecurity({ userInputs }: { userInputs: string[] }) {
  const { t } = useTranslation('profile');
  const sessions = useQuery(securityQueries.sessions());
  const endOthers = useEndOtherSessions();
  const format = useDates().dateTime;
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <section
      className="grid gap-6 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-2"
      aria-labelledby="account-security"
      data-testid="account-security"
    >
      <h2 id="account-security" className="text-lg font-bold text-slate-900 lg:col-span-2">
        {t('security.title')}
      </h2>
      <ChangePassword userInputs={userInputs} />
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-bold text-slate-900">{t('security.sessions')}</h3>
          {others > 0 && (
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              disabled={endOthers.isPending}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: () => toast.success(t('security.endedOthers')),
                  onError: (e) => toast.error(refusalOf(e, t('security.failed'))),
                })
              }
            >
              {t('security.endOthers')}
            </button>
          )}
        </div>
        {sessions.isError ? (
          <p className="mt-2 text-sm text-rose-700">{t('security.loadFailed')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {(sessions.data ?? []).map((session) => (
              <SessionRow key={session.id} session={session} format={format} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
