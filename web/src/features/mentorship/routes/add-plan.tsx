import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/ui/page-frame';
import { SubmitButton, useForm } from '@/lib/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import type { ManagedPlan } from '@/lib/api/types';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { validatePlan, type FieldMessages } from '@/lib/wasm-dashboard';
import type { PlanForm } from '../api/plans';
import { mentorshipQueries, useSavePlan } from '../api/queries';
import { dashboardPath } from '../components/ui';

const emptyPlan: PlanForm = {
  title: { vi: '', en: '' },
  shortDescription: { vi: '', en: '' },
  services: [{ vi: '', en: '' }],
  price: 0,
  currency: 'VND',
  durationValue: 1,
  durationUnit: 'months',
  sessionsPerPeriod: 4,
  sessionMinutes: 60,
  maxMentees: 10,
  active: true,
};

const texts = (t: { vi: string; en?: string }) => ({ vi: t.vi, en: t.en ?? '' });

function bodyOf(plan: ManagedPlan): PlanForm {
  return {
    title: texts(plan.title),
    shortDescription: texts(plan.shortDescription),
    services: plan.services.length > 0 ? plan.services.map(texts) : [{ vi: '', en: '' }],
    price: plan.price,
    currency: plan.currency,
    durationValue: plan.durationValue,
    durationUnit: plan.durationUnit,
    sessionsPerPeriod: plan.sessionsPerPeriod,
    sessionMinutes: plan.sessionMinutes,
    maxMentees: plan.maxMentees,
    active: plan.active,
  };
}

const input = (invalid: boolean) => `${inputClass} ${inputStateClass(invalid)}`;

/**
 * /dashboard/mentorship/add-plan (TEACHER, ADMIN): a new plan, or with `?id=` an existing one; every field is
 * checked by the shared rules before it is sent, and the server's own refusals show beside the fields.
 */
export default function AddPlanPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const plan = useQuery(mentorshipQueries.plan(id));
  if (id && plan.isError) return <LoadError onRetry={() => void plan.refetch()} />;
  if (id && !plan.data) return <PageSpinner />;
  return <PlanEditor key={id} id={id || undefined} initial={plan.data ? bodyOf(plan.data) : emptyPlan} />;
}

function PlanEditor({ id, initial }: { id?: string; initial: PlanForm }) {
  const { t, i18n } = useTranslation('mentorship');
  useDocumentMeta(`${id ? t('editor.editTitle') : t('editor.title')} | ${t('brand')}`, t('editor.text'));
  const navigate = useNavigate();
  const save = useSavePlan();
  const [body, setBody] = useState<PlanForm>(initial);

  const withoutBlankServices = (b: PlanForm): PlanForm => ({
    ...b,
    services: b.services.filter((s) => s.vi.trim() || s.en.trim()),
  });
  const check = (b: PlanForm): FieldMessages => {
    const result = validatePlan(withoutBlankServices(b), i18n.language);
    return result.ok ? {} : result.errors;
  };
  const update = setBody;
  const form = useForm({ check: () => check(body) });
  const errors = form.errors;

  const submit = form.submit(
    async () => {
      await save.mutateAsync({ id, body: withoutBlankServices(body) });
      toast.success(t('editor.saved'));
      void navigate(dashboardPath('mentorship/all-plan'));
    },
    { onError: (error) => toast.error(error instanceof Error ? error.message : t('editor.saveFailed')) },
  );

  const number = (name: keyof PlanForm) => (event: React.ChangeEvent<HTMLInputElement>) =>
    update({ ...body, [name]: event.target.value === '' ? Number.NaN : Number(event.target.value) });

  return (
    <PageFrame
      title={id ? t('editor.editTitle') : t('editor.title')}
      description={t('editor.text')}
      actions={
        <Link to={dashboardPath('mentorship/all-plan')} className={buttonClass('secondary', 'sm')}>
          {t('editor.back')}
        </Link>
      }
      width="narrow"
      testId="plan-editor"
    >
      <form onSubmit={submit} noValidate>
        <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="grid gap-4 sm:grid-cols-2">
            <Labelled label={t('editor.titleVi')} error={errors['title.vi']} required>
              {(p) => (
                <input
                  {...p}
                  className={input(Boolean(errors['title.vi']))}
                  value={body.title.vi}
                  onChange={(e) => update({ ...body, title: { ...body.title, vi: e.target.value } })}
                />
              )}
            </Labelled>
            <Labelled label={t('editor.titleEn')} error={errors['title.en']}>
              {(p) => (
                <input
                  {...p}
                  className={input(Boolean(errors['title.en']))}
                  value={body.title.en}
                  onChange={(e) => update({ ...body, title: { ...body.title, en: e.target.value } })}
                />
              )}
            </Labelled>
            <Labelled label={t('editor.shortVi')} error={errors['shortDescription.vi']}>
              {(p) => (
                <textarea
                  {...p}
                  rows={3}
                  className={input(Boolean(errors['shortDescription.vi']))}
                  value={body.shortDescription.vi}
                  onChange={(e) =>
                    update({ ...body, shortDescription: { ...body.shortDescription, vi: e.target.value } })
                  }
                />
              )}
            </Labelled>
            <Labelled label={t('editor.shortEn')} error={errors['shortDescription.en']}>
              {(p) => (
                <textarea
                  {...p}
                  rows={3}
                  className={input(Boolean(errors['shortDescription.en']))}
                  value={body.shortDescription.en}
                  onChange={(e) =>
                    update({ ...body, shortDescription: { ...body.shortDescription, en: e.target.value } })
                  }
                />
              )}
            </Labelled>
          </div>

          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('editor.services')}</legend>
            <ul className="space-y-2">
              {body.services.map((service, index) => (
                <li key={index} className="flex gap-2">
                  <input
                    aria-label={t('editor.serviceVi', { n: index + 1 })}
                    className={input(false)}
                    value={service.vi}
                    onChange={(e) =>
                      update({
                        ...body,
                        services: body.services.map((s, i) => (i === index ? { ...s, vi: e.target.value } : s)),
                      })
                    }
                  />
                  <input
                    aria-label={t('editor.serviceEn', { n: index + 1 })}
                    className={input(false)}
                    value={service.en}
                    onChange={(e) =>
                      update({
                        ...body,
                        services: body.services.map((s, i) => (i === index ? { ...s, en: e.target.value } : s)),
                      })
                    }
                  />
                  <button
                    type="button"
                    aria-label={t('editor.removeService')}
                    className={buttonClass('secondary', 'sm')}
                    onClick={() => update({ ...body, services: body.services.filter((_, i) => i !== index) })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className={`${buttonClass('secondary', 'sm')} mt-2`}
              onClick={() => update({ ...body, services: [...body.services, { vi: '', en: '' }] })}
            >
              <Plus aria-hidden="true" className="size-4" />
              {t('editor.addService')}
            </button>
            {errors.services && (
              <p role="alert" className="mt-1.5 text-sm text-rose-600">
                {errors.services}
              </p>
            )}
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-3">
            <Labelled label={t('editor.price')} error={errors.price} required>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  className={input(Boolean(errors.price))}
                  value={Number.isNaN(body.price) ? '' : body.price}
                  onChange={number('price')}
                />
              )}
            </Labelled>
            <Labelled label={t('editor.currency')} error={errors.currency}>
              {(p) => (
                <select
                  {...p}
                  className={input(Boolean(errors.currency))}
                  value={body.currency}
                  onChange={(e) => update({ ...body, currency: e.target.value })}
                >
                  <option value="VND">VND</option>
                  <option value="USD">USD</option>
                </select>
              )}
            </Labelled>
            <Labelled label={t('editor.maxMentees')} error={errors.maxMentees} required>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={1}
                  className={input(Boolean(errors.maxMentees))}
                  value={Number.isNaN(body.maxMentees) ? '' : body.maxMentees}
                  onChange={number('maxMentees')}
                />
              )}
            </Labelled>
            <Labelled label={t('editor.duration')} error={errors.durationValue} required>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={1}
                  className={input(Boolean(errors.durationValue))}
                  value={Number.isNaN(body.durationValue) ? '' : body.durationValue}
                  onChange={number('durationValue')}
                />
              )}
            </Labelled>
            <Labelled label={t('editor.unit')} error={errors.durationUnit}>
              {(p) => (
                <select
                  {...p}
                  className={input(Boolean(errors.durationUnit))}
                  value={body.durationUnit}
                  onChange={(e) => update({ ...body, durationUnit: e.target.value })}
                >
                  <option value="days">{t('editor.days')}</option>
                  <option value="months">{t('editor.months')}</option>
                </select>
              )}
            </Labelled>
            <Labelled label={t('editor.sessions')} error={errors.sessionsPerPeriod} required>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={1}
                  className={input(Boolean(errors.sessionsPerPeriod))}
                  value={Number.isNaN(body.sessionsPerPeriod) ? '' : body.sessionsPerPeriod}
                  onChange={number('sessionsPerPeriod')}
                />
              )}
            </Labelled>
            <Labelled label={t('editor.sessionMinutes')} error={errors.sessionMinutes} required>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  min={15}
                  step={15}
                  className={input(Boolean(errors.sessionMinutes))}
                  value={Number.isNaN(body.sessionMinutes) ? '' : body.sessionMinutes}
                  onChange={number('sessionMinutes')}
                />
              )}
            </Labelled>
          </div>

          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={body.active ?? true}
              onChange={(e) => update({ ...body, active: e.target.checked })}
              className="size-4 rounded border-slate-300 text-teal-600"
            />
            {t('editor.active')}
          </label>

          <div className="flex justify-end">
            <SubmitButton busy={form.busy}>{form.busy ? t('editor.saving') : t('editor.save')}</SubmitButton>
          </div>
        </div>
      </form>
    </PageFrame>
  );
}

/** A label, its control and the control's error text, wired by ids. */
function Labelled({
  label,
  error,
  required,
  children,
}: {
  label: string;
  error?: string;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-rose-600">
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
