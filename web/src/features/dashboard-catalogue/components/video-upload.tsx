import { Film, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { acceptedVideoTypes, videoFileError } from '@/lib/wasm-dashboard';
import { uploadLessonVideo } from '../api/dashboard';

/**
 * A lesson's Upload video button: the chosen file is checked by the shared video rule (MP4 or WebM, at most
 * 2 GB) before anything is sent, then streamed with a progress bar and a Cancel button, and committed as the
 * lesson's video; `onUploaded` gets its URL. A lesson not saved yet has no id to upload for.
 */
export function VideoUpload({
  courseId,
  lessonId,
  onUploaded,
}: {
  courseId: string;
  lessonId?: string;
  onUploaded: (url: string) => void;
}) {
  const { t, i18n } = useTranslation('dashboardCatalogue');
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const upload = useRef<AbortController | null>(null);

  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file || !lessonId) return;
    const refused = videoFileError(file.type, file.size, i18n.language);
    if (refused) {
      setMessage({ error: true, text: refused });
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setMessage(null);
    setProgress(0);
    try {
      const lesson = await uploadLessonVideo(courseId, lessonId, file, {
        onProgress: setProgress,
        signal: controller.signal,
      });
      if (lesson.videoUrl) onUploaded(lesson.videoUrl);
      setMessage({ error: false, text: t('video.uploaded') });
    } catch (e) {
      const text = controller.signal.aborted
        ? t('video.cancelled')
        : e instanceof ApiError && e.status >= 400
          ? e.message
          : t('video.uploadFailed');
      setMessage({ error: !controller.signal.aborted, text });
    } finally {
      upload.current = null;
      setProgress(null);
    }
  };

  return (
    <div className="space-y-2" data-testid="video-upload">
      {progress === null ? (
        <label
          className={`inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 focus-within:outline-2 focus-within:outline-teal-600 ${lessonId ? 'cursor-pointer hover:border-teal-600 hover:text-teal-700' : 'cursor-not-allowed opacity-50'}`}
        >
          <Film aria-hidden="true" className="size-4" />
          {t('video.upload')}
          <input
            type="file"
            accept={acceptedVideoTypes()}
            className="sr-only"
            disabled={!lessonId}
            onChange={(e) => void pick(e.currentTarget)}
          />
        </label>
      ) : (
        <div className="flex items-center gap-3">
          <progress
            max={100}
            value={progress}
            aria-label={t('video.progress')}
            className="h-2 w-48 overflow-hidden rounded-full accent-teal-700"
          />
          <span className="text-sm tabular-nums text-slate-600">{t('video.uploading', { percent: progress })}</span>
          <button
            type="button"
            onClick={() => upload.current?.abort()}
            className="inline-flex items-center gap-1 rounded-lg border border-slate-300 px-2 py-1 text-sm font-semibold text-slate-700 hover:border-rose-500 hover:text-rose-600"
          >
            <X aria-hidden="true" className="size-4" />
            {t('video.cancel')}
          </button>
        </div>
      )}
      {!lessonId && <p className="text-xs text-slate-500">{t('video.saveFirst')}</p>}
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={`text-sm ${message.error ? 'text-rose-700' : 'text-teal-800'}`}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
