import { ArrowLeft, CircleCheck, Loader2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { confirmEmail } from '../api/auth';
import { AuthCard } from '../components/auth-card';

type Outcome =
  | { kind: 'confirming' }
  | { kind: 'done'; email: string }
  | { kind: 'invalid' }
  | { kind: 'taken' }
  | { kind: 'failed' };

/** What a refused confirmation means to the person: a dead link, an address taken meanwhile, or our failure. */
function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 409) return { kind: 'taken' };
  if (error instanceof ApiError && [400, 404, 410].includes(error.status)) return { kind: 'invalid' };
  return { kind: 'failed' };
}

/**
 * Confirm a new e-mail address (`/confirm-email?token=…`, the link mailed to the new address): confirms on
 * opening and says so; an invalid, used or expired link, or an address another account took meanwhile, says
 * that instead. A signed-in person's stored user is refreshed to show the new address.
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const { isAuthenticated, reloadUser } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'confirming' } : { kind: 'invalid' });
  useDocumentMeta(t('confirmEmail.metaTitle'), t('confirmEmail.title'));

  useEffect(() => {
    if (!token) return;
    let current = true;
    confirmEmail(token).then(
      (email) => {
        if (!current) return;
        setOutcome({ kind: 'done', email });
        if (isAuthenticated) void reloadUser();
      },
      (error: unknown) => {
        console.error('Email confirmation failed', error);
        if (current) setOutcome(outcomeOf(error));
      },
    );
    return () => {
      current = false;
    };
  }, [token, isAuthenticated, reloadUser]);

  const footer = (
    <Link to={paths.login} className="inline-flex items-center gap-1.5 font-semibold text-teal-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('confirmEmail.backToLogin')}
    </Link>
  );

  if (outcome.kind === 'confirming') {
    return (
      <AuthCard testId="confirm-email-page" title={t('confirmEmail.title')} footer={footer}>
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          {t('confirmEmail.confirming')}
        </p>
      </AuthCard>
    );
  }

  if (outcome.kind === 'done') {
    return (
      <AuthCard testId="confirm-email-page" title={t('confirmEmail.doneTitle')} footer={footer}>
        <div role="status" className="flex gap-3 rounded-xl bg-teal-50 p-4 text-sm text-teal-900">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          <p>{t('confirmEmail.done', { email: outcome.email })}</p>
        </div>
        <Link to={isAuthenticated ? paths.profile : paths.login} className={`${buttonClass('primary')} mt-5 w-full`}>
          {isAuthenticated ? t('confirmEmail.toProfile') : t('confirmEmail.signIn')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard testId="confirm-email-page" title={t('confirmEmail.title')} footer={footer}>
      <div role="alert" className="flex gap-3 rounded-xl bg-rose-50 p-4 text-sm text-rose-800">
        <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
        <p>{t(`confirmEmail.${outcome.kind}`)}</p>
      </div>
      <Link to={paths.profile} className={`${buttonClass('primary')} mt-5 w-full`}>
        {t('confirmEmail.changeAgain')}
      </Link>
    </AuthCard>
  );
}
