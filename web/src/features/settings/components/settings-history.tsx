import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { inputClass, inputStateClass } from '@/components/ui/field';
import type { SettingChange } from '@/lib/api/types';
import { settingsQueries } from '../api/queries';
import type { HistoryFilter } from '../api/settings';
import { useDates } from '@/lib/dates';

/** The settings one can filter the history by: each group, then the academy's own settings one by one. */
const SETTING_CHOICES = [
  'site.',
  'payment.',
  'payout.',
  'site.academyName',
  'site.phone',
  'site.email',
  'site.address',
  'site.facebook',
  'site.instagram',
  'site.linkedin',
  'site.youtube',
  'site.defaultCurrency',
  'site.mailFromName',
  'site.mailFromEmail',
  'site.promoTitleVi',
  'site.promoTitleEn',
  'site.promoTextVi',
  'site.promoTextEn',
  'site.referralCommission',
] as const;

/** A setting's name in the page's language: its own label when it has one, else its group and its code. */
function useSettingName() {
  const { t } = useTranslation('settings');
  return (setting: string) => {
    const label = t(`setting.${setting.replaceAll('.', '_')}`, { defaultValue: '' });
    if (label) return label;
    const [group, ...rest] = setting.split('.');
    return `${t(`setting.${group}_`, { defaultValue: group })} · ${rest.join('.')}`;
  };
}

const blank: HistoryFilter = { setting: '', userId: '', from: '', to: '', page: 1 };

/** Every settings change, newest first: who, when, which setting, before → after; filtered by setting, person, days. */
export function SettingsHistory() {
  const { t } = useTranslation('settings');
  const [filter, setFilter] = useState<HistoryFilter>(blank);
  const history = useQuery(settingsQueries.history(filter));
  const nameOf = useSettingName();
  const when = useDates().dateTime;
  const set = (change: Partial<HistoryFilter>) => setFilter({ ...filter, ...change, page: 1 });
  const control = `${inputClass} ${inputStateClass(false)}`;
  const value = (text: string) => (text ? <span className="break-all">{text}</span> : <em>{t('history.empty')}</em>);

  return (
    <section aria-labelledby="settings-history-title" className="space-y-4" data-testid="settings-history">
      <h2 id="settings-history-title" className="text-lg font-bold text-slate-900">
        {t('history.title')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className="text-sm font-medium text-slate-700">
          {t('history.setting')}
          <select
            className={`mt-1 ${control}`}
            value={filter.setting}
            onChange={(e) => set({ setting: e.target.value })}
            name="setting"
          >
            <option value="">{t('history.all')}</option>
            {SETTING_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice.endsWith('.') ? t(`setting.${choice.slice(0, -1)}_`) : nameOf(choice)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('history.person')}
          <select
            className={`mt-1 ${control}`}
            value={filter.userId}
            onChange={(e) => set({ userId: e.target.value })}
            name="person"
          >
            <option value="">{t('history.everyone')}</option>
            {(history.data?.people ?? []).map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('history.from')}
          <input
            type="date"
            className={`mt-1 ${control}`}
            value={filter.from}
            max={filter.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
            name="from"
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          {t('history.to')}
          <input
            type="date"
            className={`mt-1 ${control}`}
            value={filter.to}
            min={filter.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
            name="to"
          />
        </label>
      </div>
      <DataTable<SettingChange>
        caption={t('history.title')}
        rows={history.data?.items}
        rowKey={(change) => change.id}
        loading={history.isFetching && !history.data}
        error={history.isError}
        onRetry={() => void history.refetch()}
        empty={t('history.none')}
        columns={[
          { id: 'setting', header: t('history.setting'), cell: (c) => nameOf(c.setting), primary: true },
          { id: 'when', header: t('history.when'), cell: (c) => when(c.changedAt) },
          { id: 'who', header: t('history.person'), cell: (c) => c.userName },
          { id: 'old', header: t('history.old'), cell: (c) => value(c.oldValue) },
          { id: 'new', header: t('history.new'), cell: (c) => value(c.newValue) },
        ]}
        page={filter.page}
        pageSize={20}
        total={history.data?.total}
        onPageChange={(page) => setFilter({ ...filter, page })}
        testId="settings-history-table"
      />
    </section>
  );
}
