import { useQuery } from '@tanstack/react-query';
import { Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DataTable } from '@/components/ui/data-table';
import { PageFrame } from '@/components/ui/page-frame';
import type { ManagedPlan } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { formatPrice } from '@/lib/wasm';
import type { PlanForm } from '../api/plans';
import { mentorshipQueries, useDeletePlan, useSavePlan } from '../api/queries';
import { dashboardPath } from '../components/ui';

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
  return (
    <PageFrame title={t('plans.title')} description={t('plans.text')} actions={add} testId="plans-page">
      {plans.data?.length === 0 ? (
        <EmptyState title={t('plans.empty')} text={t('plans.emptyText')} action={add} />
      ) : (
        <DataTable
          caption={t('plans.title')}
          rows={plans.data}
          rowKey={(plan) => plan.id}
          testId="plan-table"
          error={plans.isError}
          onRetry={() => void plans.refetch()}
          columns={[
            {
              id: 'plan',
              header: t('plans.plan'),
              primary: true,
              sortValue: (plan) => plan.displayTitle,
              cell: (plan) => (
                <>
                  <p className="font-semibold text-slate-900">{plan.displayTitle}</p>
                  <p className="text-xs font-normal text-slate-500">
                    {plan.services.length} {t('plans.servicesCount')}
                  </p>
                </>
              ),
            },
            {
              id: 'price',
              header: t('plans.price'),
              sortValue: (plan) => plan.price,
              cell: (plan) => (
                <span className="font-medium whitespace-nowrap">
                  {formatPrice(plan.price, plan.currency, i18n.language)}
                </span>
              ),
            },
            {
              id: 'duration',
              header: t('plans.duration'),
              cell: (plan) => (
                <span className="whitespace-nowrap">
                  {t(plan.durationUnit === 'months' ? 'units.months' : 'units.days', { count: plan.durationValue })}
                </span>
              ),
            },
            {
              id: 'sessions',
              header: t('plans.sessions'),
              cell: (plan) => t('plans.sessionsValue', { count: plan.sessionsPerPeriod, minutes: plan.sessionMinutes }),
            },
            {
              id: 'mentees',
              header: t('plans.mentees'),
              sortValue: (plan) => plan.activeMentees,
              cell: (plan) => (
                <span className="tabular-nums">
                  {plan.activeMentees} / {plan.maxMentees}
                </span>
              ),
            },
            {
              id: 'status',
              header: t('plans.status'),
              cell: (plan) => (
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${plan.active ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-200 text-slate-600'}`}
                >
                  {plan.active ? t('plans.active') : t('plans.pausedState')}
                </span>
              ),
            },
          ]}
          actions={(plan) => (
            <>
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
            </>
          )}
        />
      )}
    </PageFrame>
  );
}
