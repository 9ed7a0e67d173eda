import { useEffect, useState } from 'react';
import { countdownRemaining, type Remaining } from '@/lib/wasm';

const TICK_MS = 1000;

/**
 * The admission countdown: from 120 d 2 h 1 min 10 s at mount, one step per second, stopping at zero.
 * The clock is read here; the arithmetic is the shared rule's.
 */
export function useCountdown(): Remaining {
  const [startedAt] = useState(() => Date.now());
  const [elapsed, setElapsed] = useState(0);
  const remaining = countdownRemaining(elapsed);

  useEffect(() => {
    if (remaining.done) return;
    const timer = setInterval(() => {
      setElapsed(Math.floor((Date.now() - startedAt) / TICK_MS));
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [remaining.done, startedAt]);

  return remaining;
}
