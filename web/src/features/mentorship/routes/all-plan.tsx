import { useQuery } from '@tanstack/react-query';
import { Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import type { ManagedPlan } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice } from '@/lib/wasm';
import type { PlanForm } from '../api/plans';
import { mentorshipQueries, useDeletePlan, useSavePlan } from '../api/queries';
import { PageHeader, dashboardPath } from '../components/ui';

function bodyOf(plan: ManagedPlan, active: boolean): PlanForm {
  const { title, shortDescription, services, price, currency, durationValue, durationUnit } = plan;
  const { sessionsPerPeriod, sessionMinutes, maxMentees } = plan;
  const texts = (t: { vi: string; en?: string }) => ({ vi: t.vi, en: t.en ?? '' });
  return {
    title: texts(title),
    shortDescription: texts(shortDescription),
    services: services.map(texts),
    price,
    currency,
    durationValue,
    durationUnit,
    sessionsPerPeriod,
    sessionMinutes,
    maxMentees,
    active,
  };
}

/** /dashboard/mentorship/all-plan (TEACHER: their plans, ADMIN: all): edit, pause or resume, delete. */
export default function AllPlansPage() {
  const { t, i18n } = useTranslation('mentorship');
  useDocumentMeta(`${t('plans.title')} | ${t('brand')}`, t('plans.text'));
  const plans = useQuery(mentorshipQueries.plans());
  const save = useSavePlan();
  const remove = useDeletePlan();

  const toggle = async (plan: ManagedPlan) => {
    try {
      await save.mutateAsync({ id: plan.id, body: bodyOf(plan, !plan.active) });
      toast.success(plan.active ? t('plans.paused') : t('plans.resumed'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('editor.saveFailed'));
    }
  };
  const destroy = async (plan: ManagedPlan) => {
    if (!window.confirm(t('plans.confirmDelete', { title: plan.displayTitle }))) return;
    try {
      await remove.mutateAsync(plan.id);
      toast.success(t('plans.deleted'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('editor.saveFailed'));
    }
  };

  const add = (
    <Link to={dashboardPath('mentorship/add-plan')} className={buttonClass('primary', 'sm')}>
      <Plus aria-hidden="true" className="size-4" />
      {t('plans.add')}
    </Link>
  );
  if (plans.isError) return <LoadError onRetry={() => void plans.refetch()} />;
  if (!plans.data) return <PageSpinner />;
  return (
    <div className="px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader title={t('plans.title')} text={t('plans.text')} actions={add} />
      {plans.data.length === 0 ? (
        <EmptyState title={t('plans.empty')} text={t('plans.emptyText')} action={add} />
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" data-testid="plan-table">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">{t('plans.plan')}</th>
                <th className="px-4 py-3">{t('plans.price')}</th>
                <th className="px-4 py-3">{t('plans.duration')}</th>
                <th className="px-4 py-3">{t('plans.sessions')}</th>
                <th className="px-4 py-3">{t('plans.mentees')}</th>
                <th className="px-4 py-3">{t('plans.status')}</th>
                <th className="px-4 py-3">
                  <span className="sr-only">{t('plans.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {plans.data.map((plan) => (
                <tr key={plan.id}>
                  <td className="px-4 py-3">
                    <p className="font-semibold text-slate-900">{plan.displayTitle}</p>
                    <p className="text-xs text-slate-500">
                      {plan.services.length} {t('plans.servicesCount')}
                    </p>
                  </td>
                  <td className="px-4 py-3 font-medium whitespace-nowrap">
                    {formatPrice(plan.price, plan.currency, i18n.language)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {t(plan.durationUnit === 'months' ? 'units.months' : 'units.days', { count: plan.durationValue })}
                  </td>
                  <td className="px-4 py-3">
                    {t('plans.sessionsValue', { count: plan.sessionsPerPeriod, minutes: plan.sessionMinutes })}
                  </td>
                  <td className="px-4 py-3">
                    {plan.activeMentees} / {plan.maxMentees}
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${plan.active ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-200 text-slate-600'}`}
                    >
                      {plan.active ? t('plans.active') : t('plans.pausedState')}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1.5">
                      <Link
                        to={`${dashboardPath('mentorship/add-plan')}?id=${encodeURIComponent(plan.id)}`}
                        aria-label={t('plans.edit', { title: plan.displayTitle })}
                        className={buttonClass('secondary', 'sm')}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Link>
                      <button
                        type="button"
                        aria-label={plan.active ? t('plans.pause') : t('plans.resume')}
                        className={buttonClass('secondary', 'sm')}
                        onClick={() => void toggle(plan)}
                      >
                        {plan.active ? (
                          <Pause aria-hidden="true" className="size-4" />
                        ) : (
                          <Play aria-hidden="true" className="size-4" />
                        )}
                      </button>
                      <button
                        type="button"
                        aria-label={t('plans.delete', { title: plan.displayTitle })}
                        className={buttonClass('secondary', 'sm')}
                        onClick={() => void destroy(plan)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
