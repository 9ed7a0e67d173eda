import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { textLimits } from '@/lib/wasm';
import { useLessonText } from '../api/mutations';

/**
 * The course teacher's (or an administrator's) editor of a lesson's text, in both languages: the whole lesson
 * when it has no video, notes under the video otherwise. The server refuses a text over the shared limit and
 * names the language.
 */
export function LessonTextEditor({
  courseId,
  lessonId,
  texts,
}: {
  courseId: string;
  lessonId: string;
  texts: { vi: string; en: string };
}) {
  const { t } = useTranslation('learning');
  const save = useLessonText(courseId, lessonId);
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState(texts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ids = { vi: useId(), en: useId() };

  if (!open) {
    return (
      <button
        type="button"
        className={`${buttonClass('secondary', 'sm')} mt-4`}
        onClick={() => setOpen(true)}
        data-testid="edit-lesson-text"
      >
        <Pencil aria-hidden="true" className="size-4" />
        {t('editText')}
      </button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(body, {
      onSuccess: () => {
        toast.success(t('textSaved'));
        setOpen(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields);
        else toast.error(error instanceof ApiError && error.message ? error.message : t('saveFailed'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
      {(['vi', 'en'] as const).map((lang) => (
        <div key={lang}>
          <label htmlFor={ids[lang]} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t(`textLabel.${lang}`)}
          </label>
          <textarea
            id={ids[lang]}
            value={body[lang]}
            onChange={(e) => setBody({ ...body, [lang]: e.target.value })}
            maxLength={textLimits().description}
            rows={8}
            aria-invalid={Boolean(errors[`body.${lang}`]) || undefined}
            className={`${inputClass} ${inputStateClass(Boolean(errors[`body.${lang}`]))} resize-y`}
          />
          {errors[`body.${lang}`] && (
            <p role="alert" className="mt-1.5 text-sm text-rose-600">
              {errors[`body.${lang}`]}
            </p>
          )}
        </div>
      ))}
      <p className="text-xs text-slate-500">{t('textHint')}</p>
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={save.isPending}>
          {t('saveText')}
        </button>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => setOpen(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
