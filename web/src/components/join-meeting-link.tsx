import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Video } from 'lucide-react';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { joinLinkShown } from '@/lib/wasm';

/** How often the link checks whether its room opened or closed. */
const RECHECK_MS = 15_000;

export interface JoinMeetingLinkProps {
  /** A mentorship session's or a live class's id. */
  id: string;
  /** The room's start and end (RFC 3339 or epoch ms). */
  start: string | number;
  end: string | number;
  /** The link's text, in the page's language ("Vào lớp"). */
  label: string;
  className?: string;
}

const msOf = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));

/**
 * "Join" to the online room of a session or class, shown from the room's opening (10 minutes before the start) to
 * its close (the shared rule); nothing otherwise. It appears and disappears by itself while the page stays open.
 * It loads the room as a document of its own: only that document may use the camera and microphone.
 */
export function JoinMeetingLink({ id, start, end, label, className }: JoinMeetingLinkProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!joinLinkShown(now, msOf(start), msOf(end))) return null;
  return (
    <Link
      to={`${paths.meeting}?session=${encodeURIComponent(id)}`}
      reloadDocument
      className={className ?? buttonClass('primary', 'sm')}
      data-testid="join-meeting"
    >
      <Video aria-hidden="true" className="size-4" />
      {label}
    </Link>
  );
}

export default JoinMeetingLink;
