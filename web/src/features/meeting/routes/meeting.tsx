import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Mic, MicOff, MonitorUp, PhoneOff, Video, VideoOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import type { RoomView } from '@/lib/api/types';
import { fetchRoom } from '../api/meeting';
import { useMesh } from '../components/use-mesh';
import { VideoTile } from '../components/video-tile';
import { useDates } from '@/lib/dates';
import { useRole } from '@/lib/auth';
import { UpcomingRooms } from '../components/upcoming-rooms';

/** Where leaving the room goes: the dashboard for those who have one, else the home page. */
function useWayOut(): { to: string; label: 'dashboard' | 'home' } {
  const role = useRole();
  return role === 'ADMIN' || role === 'TEACHER' || role === 'STAFF'
    ? { to: paths.dashboard, label: 'dashboard' }
    : { to: paths.home, label: 'home' };
}

/**
 * The online room of a mentorship session or a live class (`/meeting?session=<id>`): why one cannot enter (not a
 * participant, not open yet with a countdown, ended, cancelled), else a lobby with a camera and microphone preview,
 * then the room: peer-to-peer video with up to three others, or the large-room engine. With no room named, a
 * teacher (or an administrator) gets the list of their coming sessions and classes.
 */
export default function MeetingPage() {
  const { t } = useTranslation('meeting');
  const role = useRole();
  const [params] = useSearchParams();
  const id = params.get('session')?.trim() ?? '';
  const room = useQuery({
    queryKey: ['meeting', 'room', id],
    queryFn: () => fetchRoom(id),
    enabled: id !== '',
    retry: false,
  });
  if (id === '' && (role === 'TEACHER' || role === 'ADMIN')) return <UpcomingRooms />;
  if (id === '') return <Notice title={t('missing.title')} text={t('missing.text')} />;
  if (room.isPending) {
    return (
      <Centered>
        <Spinner />
      </Centered>
    );
  }
  if (room.isError) {
    const error = room.error;
    if (error instanceof ApiError && error.status === 403) {
      return <Notice title={t('notParticipant.title')} text={error.message} testId="meeting-refused" />;
    }
    if (error instanceof ApiError && error.status === 404) {
      return <Notice title={t('notFound.title')} text={t('notFound.text')} />;
    }
    return (
      <Centered>
        <LoadError onRetry={() => void room.refetch()} />
      </Centered>
    );
  }
  return <Room room={room.data} onOpened={() => void room.refetch()} />;
}

function Room({ room, onOpened }: { room: RoomView; onOpened: () => void }) {
  const { t } = useTranslation('meeting');
  if (room.refusal === 'cancelled') {
    return <Notice title={t('cancelled.title')} text={room.refusalMessage ?? ''} room={room} />;
  }
  if (room.refusal === 'ended') return <Notice title={t('ended.title')} text={t('ended.text')} room={room} />;
  if (room.refusal === 'notYetOpen') return <NotYetOpen room={room} onOpened={onOpened} />;
  if (room.engine !== 'p2p') return <LargeRoom room={room} />;
  return <PeerRoom room={room} />;
}

/** "Thứ Ba, 24/11/2026, 19:00 – 20:00" in the person's zone and language. */
function RoomTime({ room }: { room: RoomView }) {
  const dates = useDates();
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600">
      <CalendarClock aria-hidden="true" className="size-4" />
      {dates.span(room.start, room.end)}
    </p>
  );
}

function NotYetOpen({ room, onOpened }: { room: RoomView; onOpened: () => void }) {
  const { t } = useTranslation('meeting');
  const dates = useDates();
  const opensAt = Date.parse(room.opensAt);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((opensAt - now) / 1000));
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) onOpened();
  }, [left, onOpened]);
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  const clock = `${hours > 0 ? `${hours}:` : ''}${String(minutes).padStart(hours > 0 ? 2 : 1, '0')}:${String(seconds).padStart(2, '0')}`;
  return (
    <Notice title={t('notYetOpen.title')} room={room} testId="meeting-not-open">
      <p className="text-slate-700">
        {t('notYetOpen.text', { time: `${dates.time(opensAt)}, ${dates.weekdayDate(opensAt)}` })}
      </p>
      <p className="mt-3 text-3xl font-semibold tabular-nums text-teal-800" role="timer" aria-live="off">
        {clock}
      </p>
      <p className="text-sm text-slate-500">{t('notYetOpen.countdown')}</p>
    </Notice>
  );
}

function LargeRoom({ room }: { room: RoomView }) {
  const { t } = useTranslation('meeting');
  const large = room.large;
  const out = useWayOut();
  if (!large || !large.configured) {
    return <Notice title={t('large.notConfiguredTitle')} text={t('large.notConfigured')} room={room} />;
  }
  if (large.engine === 'jitsi' && large.joinUrl) {
    return (
      <div className="flex min-h-screen flex-col bg-slate-950">
        <header className="flex items-center justify-between gap-3 px-4 py-2 text-white">
          <h1 className="font-semibold">{room.title}</h1>
          <Link to={out.to} className={buttonClass('secondary', 'sm')}>
            {t('room.leave')}
          </Link>
        </header>
        <iframe
          title={room.title}
          src={large.joinUrl}
          allow="camera; microphone; display-capture; fullscreen; autoplay"
          className="w-full flex-1 border-0"
        />
        <p className="px-4 py-2 text-xs text-slate-400">{t('large.unreachable')}</p>
      </div>
    );
  }
  return (
    <Notice title={room.title} text={t('large.livekit')} room={room}>
      {large.joinUrl && (
        <a href={large.joinUrl} target="_blank" rel="noreferrer" className={`${buttonClass('primary')} mt-4`}>
          {t('large.open')}
        </a>
      )}
      <p className="mt-2 text-xs text-slate-500">{t('large.unreachable')}</p>
    </Notice>
  );
}

type Preview =
  | { kind: 'asking' }
  | { kind: 'ready'; stream: MediaStream }
  | { kind: 'denied' }
  | { kind: 'missing' }
  | { kind: 'unavailable' };

/** The camera and microphone, asked for once. */
function useLocalMedia(): Preview {
  const [preview, setPreview] = useState<Preview>(() =>
    typeof navigator.mediaDevices?.getUserMedia === 'function' ? { kind: 'asking' } : { kind: 'unavailable' },
  );
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    if (typeof navigator.mediaDevices?.getUserMedia !== 'function') return;
    navigator.mediaDevices
      .getUserMedia({ video: true, audio: true })
      .then((got) => {
        stream = got;
        if (stopped) got.getTracks().forEach((track) => track.stop());
        else setPreview({ kind: 'ready', stream: got });
      })
      .catch((error: unknown) => {
        if (stopped) return;
        const name = error instanceof DOMException ? error.name : '';
        if (name === 'NotAllowedError' || name === 'SecurityError') setPreview({ kind: 'denied' });
        else if (name === 'NotFoundError' || name === 'OverconstrainedError') setPreview({ kind: 'missing' });
        else setPreview({ kind: 'unavailable' });
      });
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return preview;
}

function PeerRoom({ room }: { room: RoomView }) {
  const { t } = useTranslation('meeting');
  const preview = useLocalMedia();
  const camera = preview.kind === 'ready' ? preview.stream : null;
  const iceServers = useMemo(() => room.iceServers as RTCIceServer[], [room.iceServers]);
  const mesh = useMesh(room.id, iceServers, camera);
  const [audio, setAudio] = useState(true);
  const [video, setVideo] = useState(true);
  const [screen, setScreen] = useState<MediaStream | null>(null);
  const screenRef = useRef<MediaStream | null>(null);
  useEffect(() => {
    screenRef.current = screen;
  }, [screen]);

  const toggle = (kind: 'audio' | 'video') => {
    const on = kind === 'audio' ? !audio : !video;
    camera?.getTracks().forEach((track) => {
      if (track.kind === kind) track.enabled = on;
    });
    if (kind === 'audio') setAudio(on);
    else setVideo(on);
    mesh.announceMedia({ audio: kind === 'audio' ? on : audio, video: kind === 'video' ? on : video });
  };

  const stopSharing = async () => {
    screenRef.current?.getTracks().forEach((track) => track.stop());
    setScreen(null);
    await mesh.replaceVideo(camera?.getVideoTracks()[0] ?? null);
  };

  const share = async () => {
    if (screen) return stopSharing();
    try {
      const shared = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = shared.getVideoTracks()[0];
      if (!track) return;
      track.onended = () => void stopSharing();
      setScreen(shared);
      await mesh.replaceVideo(track);
    } catch {
      // The person closed the picker.
    }
  };

  useEffect(() => () => screenRef.current?.getTracks().forEach((track) => track.stop()), []);

  const state = mesh.state;
  if (state.kind === 'idle' || state.kind === 'connecting' || state.kind === 'failed') {
    return (
      <Notice title={room.title} room={room} wide testId="meeting-lobby">
        <div className="mt-4 grid gap-4 md:grid-cols-[2fr_1fr]">
          <VideoTile stream={camera} name={room.you.name} self mirrored audio={audio} video={video} />
          <div className="flex flex-col gap-3">
            <MediaMessage preview={preview} />
            <div className="flex gap-2">
              <MediaButtons audio={audio} video={video} disabled={!camera} onToggle={toggle} />
            </div>
            <p className="text-sm text-slate-600">
              {t('lobby.people', { names: room.participants.map((p) => p.name).join(', ') })}
            </p>
            {state.kind === 'failed' && (
              <p role="alert" className="text-sm text-rose-700">
                {state.message}
              </p>
            )}
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={state.kind === 'connecting' || preview.kind === 'asking'}
              onClick={() => void mesh.join()}
            >
              {state.kind === 'connecting' ? t('lobby.joining') : t('lobby.join')}
            </button>
          </div>
        </div>
      </Notice>
    );
  }
  if (state.kind === 'refused') {
    return <Notice title={t('refused.title')} text={state.message} room={room} testId="meeting-full" />;
  }
  if (state.kind === 'replaced' || state.kind === 'lost' || state.kind === 'left') {
    return (
      <Notice title={t(`${state.kind}.title`)} text={t(`${state.kind}.text`)} room={room}>
        <button type="button" className={`${buttonClass('primary')} mt-4`} onClick={() => void mesh.join()}>
          {t('lobby.rejoin')}
        </button>
      </Notice>
    );
  }
  const tiles = 1 + mesh.peers.length;
  return (
    <div className="flex min-h-screen flex-col bg-slate-950 text-white" data-testid="meeting-room">
      <header className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
        <h1 className="font-semibold">{room.title}</h1>
        <p className="text-sm text-slate-300" aria-live="polite">
          {state.kind === 'reconnecting'
            ? t('room.reconnecting')
            : mesh.notice
              ? t(mesh.notice.kind === 'left' ? 'room.peerLeft' : 'room.peerJoined', { name: mesh.notice.name })
              : mesh.peers.length === 0
                ? t('room.waiting')
                : ''}
        </p>
      </header>
      <div className={`grid flex-1 content-center gap-3 px-4 ${tiles > 1 ? 'md:grid-cols-2' : ''}`}>
        <VideoTile
          stream={screen ?? camera}
          name={room.you.name}
          self
          mirrored={!screen}
          audio={audio}
          video={video || Boolean(screen)}
        />
        {mesh.peers.map((peer) => (
          <VideoTile
            key={peer.id}
            peerId={peer.id}
            stream={peer.stream}
            name={peer.name}
            audio={peer.audio}
            video={peer.video}
            lost={peer.link === 'lost'}
          />
        ))}
      </div>
      <footer className="flex flex-wrap items-center justify-center gap-2 px-4 py-4">
        <MediaButtons audio={audio} video={video} disabled={!camera} onToggle={toggle} />
        <button
          type="button"
          className={buttonClass('secondary')}
          aria-pressed={Boolean(screen)}
          onClick={() => void share()}
          disabled={!navigator.mediaDevices?.getDisplayMedia}
        >
          <MonitorUp aria-hidden="true" className="size-4" />
          {screen ? t('room.stopSharing') : t('room.share')}
        </button>
        <button
          type="button"
          className="inline-flex items-center gap-2 rounded-full bg-rose-600 px-4 py-2 font-medium text-white hover:bg-rose-700"
          onClick={() => {
            void stopSharing();
            mesh.leave();
          }}
        >
          <PhoneOff aria-hidden="true" className="size-4" />
          {t('room.leave')}
        </button>
      </footer>
    </div>
  );
}

function MediaButtons({
  audio,
  video,
  disabled,
  onToggle,
}: {
  audio: boolean;
  video: boolean;
  disabled: boolean;
  onToggle: (kind: 'audio' | 'video') => void;
}) {
  const { t } = useTranslation('meeting');
  return (
    <>
      <button
        type="button"
        className={buttonClass(audio ? 'secondary' : 'primary')}
        aria-pressed={!audio}
        disabled={disabled}
        onClick={() => onToggle('audio')}
      >
        {audio ? <Mic aria-hidden="true" className="size-4" /> : <MicOff aria-hidden="true" className="size-4" />}
        {audio ? t('room.muteMic') : t('room.unmuteMic')}
      </button>
      <button
        type="button"
        className={buttonClass(video ? 'secondary' : 'primary')}
        aria-pressed={!video}
        disabled={disabled}
        onClick={() => onToggle('video')}
      >
        {video ? <Video aria-hidden="true" className="size-4" /> : <VideoOff aria-hidden="true" className="size-4" />}
        {video ? t('room.cameraOff') : t('room.cameraOn')}
      </button>
    </>
  );
}

function MediaMessage({ preview }: { preview: Preview }) {
  const { t } = useTranslation('meeting');
  if (preview.kind === 'asking') return <p className="text-sm text-slate-600">{t('lobby.asking')}</p>;
  if (preview.kind === 'ready') return <p className="text-sm text-slate-600">{t('lobby.ready')}</p>;
  return (
    <p role="alert" className="text-sm text-amber-800" data-testid="media-problem">
      {t(`lobby.${preview.kind}`)}
    </p>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex min-h-screen items-center justify-center p-4">{children}</div>;
}

function Notice({
  title,
  text,
  room,
  children,
  wide,
  testId,
}: {
  title: string;
  text?: string;
  room?: RoomView;
  children?: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('meeting');
  const out = useWayOut();
  return (
    <Centered>
      <section
        className={`w-full ${wide ? 'max-w-4xl' : 'max-w-lg'} rounded-3xl border border-slate-200 bg-white p-6 shadow-sm`}
        data-testid={testId}
      >
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {room && title !== room.title && <p className="mt-1 font-medium text-teal-800">{room.title}</p>}
        {room && <RoomTime room={room} />}
        {text && <p className="mt-3 text-slate-700">{text}</p>}
        {children}
        <Link to={out.to} className="mt-6 inline-block text-sm text-teal-700 underline" data-testid="meeting-way-out">
          {t(out.label)}
        </Link>
      </section>
    </Centered>
  );
}
