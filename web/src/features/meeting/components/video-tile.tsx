import { MicOff, VideoOff, WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface VideoTileProps {
  stream: MediaStream | null;
  name: string;
  /** The viewer's own picture: muted, mirrored unless it is a shared screen. */
  self?: boolean;
  mirrored?: boolean;
  audio?: boolean;
  video?: boolean;
  lost?: boolean;
  peerId?: string;
}

/** One person's video in the room's grid, with their name and whether their microphone or camera is off. */
export function VideoTile({ stream, name, self, mirrored, audio = true, video = true, lost, peerId }: VideoTileProps) {
  const { t } = useTranslation('meeting');
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    if (stream) void element.play?.()?.catch(() => undefined);
  }, [stream]);
  return (
    <figure
      className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl bg-slate-900"
      data-testid={self ? 'self-tile' : 'peer-tile'}
      data-peer={peerId}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={self}
        className={`size-full object-cover ${mirrored ? '-scale-x-100' : ''} ${video && stream ? '' : 'invisible'}`}
      />
      {(!video || !stream) && (
        <span className="absolute inset-0 flex items-center justify-center text-slate-300">
          <VideoOff aria-hidden="true" className="size-8" />
        </span>
      )}
      <figcaption className="absolute bottom-2 left-2 flex items-center gap-1 rounded-full bg-slate-900/70 px-2.5 py-0.5 text-xs text-white">
        {!audio && <MicOff aria-label={t('room.micOff')} className="size-3.5" />}
        {self ? t('room.you', { name }) : name}
      </figcaption>
      {lost && (
        <p className="absolute inset-x-0 top-2 mx-auto flex w-fit items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs text-amber-900">
          <WifiOff aria-hidden="true" className="size-3.5" />
          {t('room.peerLost')}
        </p>
      )}
    </figure>
  );
}
