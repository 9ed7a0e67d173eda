import { FileText, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LessonContent } from '../api/types';

/**
 * A video file of ours at its signed URL. The URL works for a few hours: a newer one of the same video (the
 * lesson read again) replaces it only once it fails (expired), and playback goes on where it stopped.
 */
function FileVideo({ url, title, onExpired }: { url: string; title: string; onExpired?: () => void }) {
  const [src, setSrc] = useState(url);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef<number | null>(null);
  if (failed && url !== src) {
    setSrc(url);
    setFailed(false);
  }
  return (
    <video
      ref={video}
      src={src}
      title={title}
      className="size-full"
      controls
      playsInline
      preload="metadata"
      onError={() => {
        resumeAt.current = video.current?.currentTime ?? null;
        setFailed(true);
        onExpired?.();
      }}
      onLoadedMetadata={() => {
        if (video.current && resumeAt.current) video.current.currentTime = resumeAt.current;
        resumeAt.current = null;
      }}
    >
      <track kind="captions" />
    </video>
  );
}

/**
 * A lesson's video in a box of fixed proportions (nothing moves when it loads): a file of ours in the browser's
 * own player, which reads it by byte range as it seeks; YouTube and Vimeo in their privacy-friendly players.
 * A reading lesson shows a quiet banner of the same size instead. `onExpired`: the video's signed URL failed,
 * read the lesson again for a new one.
 */
export function LessonPlayer({ lesson, onExpired }: { lesson: LessonContent; onExpired?: () => void }) {
  const { t } = useTranslation('learning');
  const player = lesson.player;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-2xl bg-slate-950 shadow-lg" data-testid="lesson-player">
      {player?.kind === 'file' && (
        <FileVideo key={player.url.split('?')[0]} url={player.url} title={lesson.title} onExpired={onExpired} />
      )}
      {player?.kind === 'embed' && (
        <iframe
          key={player.url}
          src={player.url}
          title={lesson.title}
          className="size-full"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      )}
      {!player && (
        <div className="flex size-full flex-col items-center justify-center gap-3 bg-gradient-to-br from-teal-900 to-slate-900 px-6 text-center text-white">
          {lesson.kind === 'text' ? (
            <FileText aria-hidden="true" className="size-12 text-teal-300" />
          ) : (
            <TriangleAlert aria-hidden="true" className="size-12 text-amber-300" />
          )}
          <p className="text-lg font-semibold">{lesson.kind === 'text' ? t('readingLesson') : t('videoUnavailable')}</p>
        </div>
      )}
    </div>
  );
}

/** A lesson's text: paragraphs separated by blank lines, shown as written (never as HTML). */
export function LessonText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="space-y-4 leading-relaxed text-slate-700" data-testid="lesson-text">
      {paragraphs.map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
