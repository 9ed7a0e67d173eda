import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FallbackImage } from '@/components/ui/fallback-image';
import { ApiError } from '@/lib/api-client';
import { textLimits } from '@/lib/wasm';
import { acceptedImageTypes, imageTypeError } from '@/lib/wasm-dashboard';
import { uploadImage } from '../api/dashboard';
import { input } from './ui';

/**
 * An image URL with a preview, filled by uploading a file (signed-URL flow) or by pasting a link (at most the
 * shared limit of a picture's address). `error` is the form's text for the field (a rule's or the server's).
 */
export function ImageInput({
  label,
  value,
  onChange,
  prefix,
  fallback,
  wide = false,
  error: fieldError,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  prefix: 'thumbnail' | 'banner' | 'category';
  fallback: string;
  wide?: boolean;
  error?: string;
}) {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const notImage = imageTypeError(file.type, i18n.language);
    if (notImage) {
      setError(notImage);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      onChange(await uploadImage(prefix, file, setProgress));
    } catch (e) {
      setError(e instanceof ApiError && e.status !== 404 ? e.message : t('image.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">{label}</p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <FallbackImage
          src={value || null}
          fallback={fallback}
          alt=""
          className={`${wide ? 'aspect-video w-48' : 'size-24'} shrink-0 rounded-xl border border-slate-200 bg-slate-50 object-cover`}
        />
        <div className="min-w-0 flex-1 space-y-2">
          <label className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:border-teal-600 hover:text-teal-700 focus-within:outline-2 focus-within:outline-teal-600">
            <ImageUp aria-hidden="true" className="size-4" />
            {progress === null ? t('image.upload') : t('image.uploading', { percent: progress })}
            <input
              type="file"
              accept={acceptedImageTypes()}
              className="sr-only"
              onChange={(e) => void pick(e.target.files?.[0])}
              disabled={progress !== null}
            />
          </label>
          <div>
            <label htmlFor={id} className="sr-only">
              {t('image.url')}
            </label>
            <input
              id={id}
              type="text"
              inputMode="url"
              value={value}
              maxLength={textLimits().imageUrl}
              onChange={(e) => onChange(e.target.value)}
              placeholder={t('image.urlPlaceholder')}
              className={input(Boolean(fieldError))}
            />
          </div>
          {(error ?? fieldError) && (
            <p role="alert" className="text-sm text-rose-700">
              {error ?? fieldError}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
