import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass, inputStateClass } from '@/components/ui/field';
import type { SiteSettingsView } from '@/lib/api/types';
import { fieldsOf, messagesOf, SubmitButton, useForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { validateSiteSettings, type SiteSettingsRulesInput } from '@/lib/wasm-dashboard';
import { useSaveSite } from '../api/queries';

type Draft = SiteSettingsRulesInput;
type Key = keyof Draft;

const KEYS: Key[] = [
  'academyName',
  'phone',
  'email',
  'address',
  'facebook',
  'instagram',
  'linkedin',
  'youtube',
  'defaultCurrency',
  'mailFromName',
  'mailFromEmail',
  'promoTitleVi',
  'promoTitleEn',
  'promoTextVi',
  'promoTextEn',
  'referralCommission',
];

function draftOf(settings: SiteSettingsView): Draft {
  return Object.fromEntries(KEYS.map((key) => [key, settings[key] ?? ''])) as unknown as Draft;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <legend className="px-1 font-bold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The academy's details, social links, currency, mail sender and the home's promotion, checked by the shared rule. */
export function SiteForm({ settings }: { settings: SiteSettingsView }) {
  const { t, i18n } = useTranslation('settings');
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm({ check: () => messagesOf(validateSiteSettings(draft, i18n.language)) });
  const save = useSaveSite();

  const submit = form.submit(
    async () => {
      setRefused(null);
      const saved = await save.mutateAsync(draft);
      setDraft(draftOf(saved));
      toast.success(t('saved'));
    },
    { onError: (e) => !fieldsOf(e) && setRefused(t('failed')) },
  );

  const input = (key: Key, extra: Record<string, unknown> = {}) => (
    <Field
      label={t(`field.${key}`)}
      name={key}
      value={draft[key]}
      onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
      error={form.error(key)}
      {...extra}
    />
  );
  const area = (key: Key, wide = false) => (
    <Field
      label={t(`field.${key}`)}
      error={form.error(key)}
      className={wide ? 'sm:col-span-2' : ''}
      render={({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          name={key}
          rows={3}
          value={draft[key]}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${inputStateClass(invalid)}`}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="site-settings-form">
      <Group title={t('group.academy')}>
        {input('academyName', { markRequired: true, className: 'sm:col-span-2' })}
        {input('phone', { markRequired: true, type: 'tel', autoComplete: 'off' })}
        {input('email', { markRequired: true, type: 'email' })}
        {input('address', { markRequired: true, className: 'sm:col-span-2' })}
      </Group>
      <Group title={t('group.social')}>
        {(['facebook', 'instagram', 'linkedin', 'youtube'] as const).map((key) => (
          <div key={key}>{input(key, { type: 'url', placeholder: 'https://', hint: t('hint.social') })}</div>
        ))}
      </Group>
      <Group title={t('group.sales')}>
        <Field
          label={t('field.defaultCurrency')}
          error={form.error('defaultCurrency')}
          hint={t('hint.defaultCurrency')}
          render={({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="defaultCurrency"
              value={draft.defaultCurrency}
              onChange={(e) => setDraft({ ...draft, defaultCurrency: e.target.value })}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={`${inputClass} ${inputStateClass(invalid)}`}
            >
              <option value="VND">{t('currency.VND')}</option>
              <option value="USD">{t('currency.USD')}</option>
            </select>
          )}
        />
        {input('referralCommission', {
          inputMode: 'numeric',
          placeholder: t('hint.referralCommissionEmpty'),
          hint: t('hint.referralCommission'),
        })}
        {input('mailFromName', { placeholder: t('hint.mailFromDefault', { sender: settings.mailFromDefault }) })}
        {input('mailFromEmail', { type: 'email', hint: t('hint.mailFrom', { sender: settings.mailFromDefault }) })}
      </Group>
      <Group title={t('group.promo')}>
        {input('promoTitleVi', { markRequired: true })}
        {input('promoTitleEn', { markRequired: true })}
        {area('promoTextVi')}
        {area('promoTextEn')}
      </Group>
      {refused && (
        <p role="alert" className="text-sm text-rose-700">
          {refused}
        </p>
      )}
      <SubmitButton busy={form.busy}>{form.busy ? t('saving') : t('save')}</SubmitButton>
    </form>
  );
}
