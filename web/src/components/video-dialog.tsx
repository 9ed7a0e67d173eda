import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * YouTube (and youtube-nocookie) and Vimeo player links play in an iframe; anything else is a file of ours.
 * Lesson links are saved in these forms by the server (the shared rule `video_link`).
 */
export function isEmbedUrl(url: string): boolean {
  return /^https:\/\/((www\.)?(youtube\.com|youtube-nocookie\.com)\/embed\/|player\.vimeo\.com\/video\/)/.test(url);
}

function withAutoplay(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}autoplay=1&rel=0`;
}

/**
 * A full-screen overlay playing one video (autoplay, controls). Escape, the backdrop and the
 * "Close video" button close it.
 */
export function VideoDialog({
  url,
  title,
  open,
  onOpenChange,
}: {
  url: string | null;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/90 backdrop-blur-sm" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 outline-none sm:p-10"
          aria-describedby={undefined}
          data-testid="video-dialog"
        >
          <div className="mb-3 flex w-full max-w-5xl items-center justify-between gap-4 text-white">
            <Dialog.Title className="truncate text-base font-semibold sm:text-lg">{title}</Dialog.Title>
            <Dialog.Close className="inline-flex shrink-0 items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm font-semibold text-white transition hover:bg-white/20">
              <X aria-hidden="true" className="size-4" />
              {t('video.close')}
            </Dialog.Close>
          </div>
          <div className="aspect-video w-full max-w-5xl overflow-hidden rounded-2xl bg-black shadow-2xl">
            {url &&
              (isEmbedUrl(url) ? (
                <iframe
                  src={withAutoplay(url)}
                  title={title}
                  className="size-full"
                  allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                  allowFullScreen
                />
              ) : (
                <video src={url} title={title} className="size-full" autoPlay controls playsInline>
                  <track kind="captions" />
                </video>
              ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
