import { useCallback, useEffect, useRef, useState } from 'react';
import { createTicket, signalUrl } from '../api/meeting';

/** A person on the other end of a peer connection. */
export interface RemotePeer {
  id: string;
  name: string;
  stream: MediaStream | null;
  /** `connecting`, `connected`, or `lost` (the connection dropped; it may come back). */
  link: 'connecting' | 'connected' | 'lost';
  audio: boolean;
  video: boolean;
}

/** Where the room's connection stands. */
export type MeshState =
  | { kind: 'idle' }
  | { kind: 'connecting' }
  | { kind: 'in' }
  /** The socket dropped (the server restarts, the network blinked): joining again by itself. */
  | { kind: 'reconnecting'; attempt: number }
  | { kind: 'refused'; reason: string; message: string }
  | { kind: 'replaced' }
  | { kind: 'lost' }
  | { kind: 'failed'; message: string }
  | { kind: 'left' };

interface Link {
  pc: RTCPeerConnection;
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
}

type Signal = Record<string, unknown> & { type: string; from?: string; fromName?: string };

/**
 * Close codes after which the browser joins again by itself: 1012 (the server restarts; another instance takes
 * the room), 1001 (going away) and 1006 (the connection broke without a close, a crash or the network).
 */
const RECONNECT_CODES = new Set([1001, 1006, 1012]);
/** Tries before the person is asked to join again by hand, and the waits between them (ms, with jitter). */
export const RECONNECT_ATTEMPTS = 6;
export function reconnectDelay(attempt: number, random = Math.random): number {
  return Math.min(500 * 2 ** attempt, 8000) * (0.75 + random() * 0.5);
}

/**
 * Peer-to-peer video with everyone in the room (a mesh of `RTCPeerConnection`s, at most three others) over the
 * room's signalling socket. A newcomer offers to each person already there; later renegotiations follow the perfect
 * negotiation pattern: both sides may offer, the polite one (the smaller user id) gives way when offers cross.
 */
export function useMesh(roomId: string, iceServers: RTCIceServer[], local: MediaStream | null) {
  const [state, setMeshState] = useState<MeshState>({ kind: 'idle' });
  const stateRef = useRef<MeshState>(state);
  const setState = useCallback((next: MeshState | ((now: MeshState) => MeshState)) => {
    setMeshState((now) => {
      const value = typeof next === 'function' ? next(now) : next;
      stateRef.current = value;
      return value;
    });
  }, []);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const joinRef = useRef<(attempt?: number) => Promise<void>>(async () => {});
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const [notice, setNotice] = useState<{ kind: 'left' | 'joined'; name: string } | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const links = useRef(new Map<string, Link>());
  const me = useRef<string>('');
  const localRef = useRef<MediaStream | null>(local);
  const mediaRef = useRef({ audio: true, video: true });
  useEffect(() => {
    localRef.current = local;
  }, [local]);

  const send = useCallback((message: Record<string, unknown>) => {
    const ws = socket.current;
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }, []);

  const update = useCallback((id: string, change: Partial<RemotePeer>) => {
    setPeers((list) => list.map((p) => (p.id === id ? { ...p, ...change } : p)));
  }, []);

  const drop = useCallback((id: string) => {
    links.current.get(id)?.pc.close();
    links.current.delete(id);
    setPeers((list) => list.filter((p) => p.id !== id));
  }, []);

  const linkTo = useCallback(
    (id: string, name: string): Link => {
      const existing = links.current.get(id);
      if (existing) return existing;
      const pc = new RTCPeerConnection({ iceServers });
      const link: Link = { pc, polite: me.current < id, makingOffer: false, ignoreOffer: false };
      links.current.set(id, link);
      setPeers((list) => [
        ...list.filter((p) => p.id !== id),
        { id, name, stream: null, link: 'connecting', audio: true, video: true },
      ]);
      pc.onnegotiationneeded = async () => {
        try {
          link.makingOffer = true;
          await pc.setLocalDescription();
          send({ type: 'offer', to: id, description: pc.localDescription });
        } catch (error) {
          console.warn('offer failed', error);
        } finally {
          link.makingOffer = false;
        }
      };
      pc.onicecandidate = ({ candidate }) => {
        if (candidate) send({ type: 'candidate', to: id, candidate });
      };
      pc.ontrack = ({ track, streams }) => {
        const stream = streams[0] ?? new MediaStream([track]);
        update(id, { stream });
      };
      pc.onconnectionstatechange = () => {
        const s = pc.connectionState;
        if (s === 'connected') update(id, { link: 'connected' });
        else if (s === 'disconnected' || s === 'failed') update(id, { link: 'lost' });
        if (s === 'failed') pc.restartIce();
      };
      for (const track of localRef.current?.getTracks() ?? []) pc.addTrack(track, localRef.current!);
      // Nothing to send still receives: one receiving transceiver per kind starts the negotiation.
      if (!localRef.current || localRef.current.getTracks().length === 0) {
        pc.addTransceiver('audio', { direction: 'recvonly' });
        pc.addTransceiver('video', { direction: 'recvonly' });
      }
      return link;
    },
    [iceServers, send, update],
  );

  const onSignal = useCallback(
    async (message: Signal) => {
      const from = typeof message.from === 'string' ? message.from : '';
      const fromName = typeof message.fromName === 'string' ? message.fromName : '';
      switch (message.type) {
        case 'welcome': {
          const you = message.you as { id: string };
          me.current = you.id;
          setState({ kind: 'in' });
          if (retryTimer.current) clearTimeout(retryTimer.current);
          for (const peer of (message.peers as { id: string; name: string }[]) ?? []) linkTo(peer.id, peer.name);
          send({ type: 'media', ...mediaRef.current });
          return;
        }
        case 'join':
          // The newcomer offers to everyone it finds in the room; waiting for that offer instead of offering too
          // keeps the first negotiation free of crossed offers (and of the rollback they need).
          drop(from);
          setPeers((list) => [
            ...list,
            { id: from, name: fromName, stream: null, link: 'connecting', audio: true, video: true },
          ]);
          setNotice({ kind: 'joined', name: fromName });
          send({ type: 'media', to: from, ...mediaRef.current });
          return;
        case 'leave':
          drop(from);
          setNotice({ kind: 'left', name: fromName });
          return;
        case 'offer':
        case 'answer': {
          const link = linkTo(from, fromName);
          const description = message.description as RTCSessionDescriptionInit;
          const collision = description.type === 'offer' && (link.makingOffer || link.pc.signalingState !== 'stable');
          link.ignoreOffer = !link.polite && collision;
          if (link.ignoreOffer) return;
          await link.pc.setRemoteDescription(description);
          if (description.type === 'offer') {
            await link.pc.setLocalDescription();
            send({ type: 'answer', to: from, description: link.pc.localDescription });
          }
          return;
        }
        case 'candidate': {
          const link = links.current.get(from);
          if (!link) return;
          try {
            await link.pc.addIceCandidate(message.candidate as RTCIceCandidateInit);
          } catch (error) {
            if (!link.ignoreOffer) console.warn('candidate refused', error);
          }
          return;
        }
        case 'media':
          update(from, { audio: message.audio !== false, video: message.video !== false });
          return;
        case 'refused':
          setState({
            kind: 'refused',
            reason: typeof message.reason === 'string' ? message.reason : '',
            message: typeof message.message === 'string' ? message.message : '',
          });
          return;
        case 'replaced':
          setState({ kind: 'replaced' });
          return;
        default:
          return;
      }
    },
    [drop, linkTo, send, setState, update],
  );

  const closeAll = useCallback(() => {
    for (const link of links.current.values()) link.pc.close();
    links.current.clear();
    setPeers([]);
  }, []);

  /** Joins again after `attempt` failed tries, or gives up and lets the person do it. */
  const retry = useCallback(
    (attempt: number) => {
      if (attempt >= RECONNECT_ATTEMPTS) {
        setState({ kind: 'lost' });
        return;
      }
      setState({ kind: 'reconnecting', attempt: attempt + 1 });
      if (retryTimer.current) clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => void joinRef.current(attempt + 1), reconnectDelay(attempt));
    },
    [setState],
  );

  const join = useCallback(
    async (attempt = 0) => {
      if (attempt === 0) setState({ kind: 'connecting' });
      let ticket: string;
      try {
        ticket = (await createTicket(roomId)).ticket;
      } catch (error) {
        if (attempt > 0 && stateRef.current.kind === 'reconnecting') retry(attempt);
        else setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
        return;
      }
      if (attempt > 0 && stateRef.current.kind !== 'reconnecting') return; // left meanwhile
      const ws = new WebSocket(signalUrl(roomId, ticket));
      socket.current = ws;
      ws.onmessage = (event) => {
        try {
          void onSignal(JSON.parse(String(event.data)) as Signal).catch((error) => console.warn(error));
        } catch {
          // An unreadable message is skipped.
        }
      };
      ws.onclose = (event) => {
        if (socket.current !== ws) return;
        socket.current = null;
        closeAll();
        const now = stateRef.current.kind;
        if (RECONNECT_CODES.has(event.code) && (now === 'in' || now === 'reconnecting')) {
          // A room that was working: after a restart, another instance (or this one, back) takes it.
          retry(now === 'in' ? 0 : attempt);
          return;
        }
        setState((current) =>
          current.kind === 'in' || current.kind === 'connecting' || current.kind === 'reconnecting'
            ? { kind: 'lost' }
            : current,
        );
      };
    },
    [closeAll, onSignal, retry, roomId, setState],
  );
  useEffect(() => {
    joinRef.current = join;
  }, [join]);

  const leave = useCallback(() => {
    if (retryTimer.current) clearTimeout(retryTimer.current);
    const ws = socket.current;
    socket.current = null;
    if (ws && ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: 'leave' }));
      ws.close();
    }
    closeAll();
    setState({ kind: 'left' });
  }, [closeAll, setState]);

  /** Tells the others whether the microphone and camera are on. */
  const announceMedia = useCallback(
    (media: { audio: boolean; video: boolean }) => {
      mediaRef.current = media;
      send({ type: 'media', ...media });
    },
    [send],
  );

  /** Sends `track` instead of the current video to everyone (screen sharing and back). */
  const replaceVideo = useCallback(async (track: MediaStreamTrack | null) => {
    for (const link of links.current.values()) {
      const video = link.pc.getTransceivers().find((t) => t.receiver.track.kind === 'video');
      if (video && video.direction !== 'recvonly') await video.sender.replaceTrack(track);
    }
  }, []);

  useEffect(
    () => () => {
      if (retryTimer.current) clearTimeout(retryTimer.current);
      const ws = socket.current;
      socket.current = null;
      ws?.close();
      for (const link of links.current.values()) link.pc.close();
      links.current.clear();
    },
    [],
  );

  return { state, peers, notice, join: () => join(0), leave, announceMedia, replaceVideo };
}
