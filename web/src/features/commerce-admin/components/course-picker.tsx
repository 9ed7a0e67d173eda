import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { commerceAdminQueries } from '../api/queries';

/**
 * Which course a coupon is for, picked by its title: a search (marks ignored, by the server) over every course,
 * and a list of what it finds; "every course" first. The chosen course stays listed while the search changes.
 */
export function CoursePicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (courseId: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('commerceAdmin');
  const id = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: string; title: string } | null>(null);
  const found = useQuery({
    ...commerceAdminQueries.courseOptions(useDeferredValue(search.trim())),
    placeholderData: keepPreviousData,
  });
  const listed = (found.data ?? []).map((course) => ({ id: course._id, title: course.title }));
  const options = chosen && chosen.id === value && !listed.some((o) => o.id === value) ? [chosen, ...listed] : listed;

  return (
    <fieldset className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      <legend className="mb-1">{t('coupons.field.courseId')}</legend>
      <input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('coupons.courseSearch')}
        aria-label={t('coupons.courseSearch')}
        aria-controls={id}
        className={`${inputClass} ${inputStateClass(false)}`}
      />
      <select
        id={id}
        value={value}
        aria-label={t('coupons.field.courseId')}
        aria-invalid={Boolean(error) || undefined}
        onChange={(e) => {
          setChosen(options.find((option) => option.id === e.target.value) ?? null);
          onChange(e.target.value);
        }}
        className={`${inputClass} ${inputStateClass(Boolean(error))}`}
      >
        <option value="">{t('coupons.everyCourse')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
      </select>
      {found.isError && <span className="text-xs text-rose-700">{t('coupons.coursesFailed')}</span>}
      {error && (
        <span data-field-error className="text-xs text-rose-700">
          {error}
        </span>
      )}
    </fieldset>
  );
}
