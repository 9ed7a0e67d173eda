import { Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { buttonClass } from '@/components/ui/button';
import { inputClass, inputStateClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { textLimits } from '@/lib/wasm';
import { useReviewMutations } from '../api/review-mutations';
import type { Review } from '../api/reviews';
import { StarPicker, Stars } from './stars';

/** The messages of a refused save beside its fields, or a toast when no field is named. */
function fieldsOf(error: unknown, fallback: string): Record<string, string> {
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) return error.fields;
  toast.error(error instanceof ApiError && error.message ? error.message : fallback);
  return {};
}

/**
 * An enrolled learner's own review: the form to write it (1–5 stars, an optional text no longer than the shared
 * limit), or the review as saved with an Edit button. The server checks the same rules and names a refused field.
 */
export function MyReview({ courseId, mine }: { courseId: string; mine: Review | null | undefined }) {
  const { t } = useTranslation('reviews');
  const { save } = useReviewMutations(courseId);
  const [editing, setEditing] = useState(!mine);
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [text, setText] = useState(mine?.text ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const textId = useId();

  if (mine && !editing) {
    return (
      <div className="rounded-2xl border border-teal-200 bg-teal-50/60 p-5" data-testid="my-review">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-bold text-teal-900">{t('mine')}</p>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('edit')}
          </button>
        </div>
        <div className="mt-2">
          <Stars value={mine.rating} />
        </div>
        {mine.text && <p className="mt-2 whitespace-pre-line text-slate-700">{mine.text}</p>}
        {mine.hidden && <p className="mt-2 text-sm font-semibold text-amber-800">{t('hiddenMine')}</p>}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(
      { rating, text: text.trim() ? text : null },
      {
        onSuccess: () => {
          toast.success(t('saved'));
          setEditing(false);
        },
        onError: (error) => setErrors(fieldsOf(error, t('failed'))),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-5"
      data-testid="review-form"
    >
      <p className="text-sm font-bold text-slate-900">{mine ? t('edit') : t('write')}</p>
      <StarPicker value={rating} onChange={setRating} />
      {errors.rating && (
        <p role="alert" className="text-sm text-rose-600">
          {errors.rating}
        </p>
      )}
      <div>
        <label htmlFor={textId} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('textLabel')}
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={textLimits().message}
          rows={4}
          placeholder={t('placeholder')}
          aria-invalid={Boolean(errors.text) || undefined}
          className={`${inputClass} ${inputStateClass(Boolean(errors.text))} resize-y`}
        />
        {errors.text && (
          <p role="alert" className="mt-1.5 text-sm text-rose-600">
            {errors.text}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={rating === 0 || save.isPending}>
          {save.isPending ? t('saving') : mine ? t('update') : t('send')}
        </button>
        {mine && (
          <button type="button" className={buttonClass('ghost')} onClick={() => setEditing(false)}>
            {t('cancel')}
          </button>
        )}
      </div>
      {rating === 0 && <p className="text-xs text-slate-500">{t('chooseStars')}</p>}
    </form>
  );
}

/** The course teacher's reply form under a review. */
export function ReplyForm({ courseId, review, onDone }: { courseId: string; review: Review; onDone: () => void }) {
  const { t } = useTranslation('reviews');
  const { reply } = useReviewMutations(courseId);
  const [text, setText] = useState(review.reply?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    reply.mutate(
      { reviewId: review.id, text },
      { onSuccess: onDone, onError: (e) => setError(fieldsOf(e, t('failed'))['text'] ?? null) },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t('replyLabel')}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={textLimits().message}
        rows={3}
        aria-invalid={Boolean(error) || undefined}
        className={`${inputClass} ${inputStateClass(Boolean(error))} resize-y`}
      />
      {error && (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary', 'sm')} disabled={reply.isPending}>
          {t('sendReply')}
        </button>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
