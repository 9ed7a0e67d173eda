import { useQuery } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { JoinMeetingLink } from '@/components/join-meeting-link';
import { buttonClass } from '@/components/ui/button';
import { classQueries, useRegisterForClass, useWithdrawFromClass } from '../api/queries';
import type { ClassView } from '../api/classes';
import { phaseBadge, phaseOf, useClassTime } from './class-time';

/**
 * The live classes open to a student (of the courses they are enrolled in and the plans they hold an active
 * booking of) and those they registered for, with Register and Withdraw; nothing when there is none.
 */
export default function MyClasses() {
  const { t } = useTranslation('classes');
  const classes = useQuery(classQueries.mine());
  if (!classes.data || classes.data.length === 0) return null;
  return (
    <section
      aria-labelledby="my-classes-heading"
      className="rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid="my-classes"
    >
      <h2 id="my-classes-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Video aria-hidden="true" className="size-5 text-teal-700" />
        {t('mine.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('mine.text')}</p>
      <ul className="mt-4 grid gap-4 xl:grid-cols-2">
        {classes.data.map((item) => (
          <MyClass key={item._id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function MyClass({ item }: { item: ClassView }) {
  const { t } = useTranslation('classes');
  const timeOf = useClassTime();
  const register = useRegisterForClass();
  const withdraw = useWithdrawFromClass();
  const phase = phaseOf(item);
  const act = async (registering: boolean) => {
    try {
      await (registering ? register : withdraw).mutateAsync(item._id);
      toast.success(registering ? t('mine.registeredToast') : t('mine.withdrawnToast'));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('mine.failed'));
    }
  };
  const busy = register.isPending || withdraw.isPending;
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 p-4" data-testid="my-class">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium text-teal-700">{item.audience.title}</p>
        <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${phaseBadge[phase]}`}>
          {item.registered && phase === 'scheduled' ? t('mine.registered') : t(`status.${phase}`)}
        </span>
      </div>
      <h3 className="mt-1 font-semibold text-slate-900">{item.topic}</h3>
      <p className="mt-1 text-sm text-slate-600">{timeOf(item)}</p>
      <p className="text-sm text-slate-500">{t('mine.by', { name: item.teacher.name })}</p>
      {item.refusal && !item.registered && phase === 'scheduled' && (
        <p className="mt-2 text-sm text-amber-700">{item.refusal}</p>
      )}
      <div className="mt-auto flex items-center justify-between gap-2 pt-3">
        <span className="text-xs text-slate-500">{t('mine.seatsLeft', { count: item.seatsLeft })}</span>
        {item.registered && item.status !== 'cancelled' && (
          <JoinMeetingLink id={item._id} start={item.startsAt} end={item.endsAt} label={t('join')} />
        )}
        {phase === 'scheduled' &&
          (item.registered ? (
            <button
              type="button"
              className={buttonClass('secondary', 'sm')}
              disabled={busy}
              onClick={() => void act(false)}
            >
              {t('mine.withdraw')}
            </button>
          ) : (
            <button
              type="button"
              className={buttonClass('primary', 'sm')}
              disabled={busy || Boolean(item.refusal)}
              onClick={() => void act(true)}
            >
              {t('mine.register')}
            </button>
          ))}
      </div>
    </li>
  );
}
