/** A carousel moves every 2000 ms, in a 500 ms transition. */
export const AUTOPLAY_INTERVAL_MS = 2000;
export const TRANSITION_MS = 500;
/**
 * Embla's `duration` is not in milliseconds but a step count of its scroll physics (about one frame of 60 fps
 * each, eased): 30 lands a one-slide move in about 500 ms.
 */
export const EMBLA_DURATION = Math.round(TRANSITION_MS / (1000 / 60));

/** Why autoplay is held: a pointer over the carousel, focus inside it, the tab hidden, or reduced motion. */
export type PauseReason = 'hover' | 'focus' | 'hidden' | 'reduced-motion';

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Autoplay as a small state machine: it ticks every `intervalMs` while nothing holds it; any pause reason stops
 * it, and when the last reason goes it waits a full interval again before the next move. `restart` (after a
 * manual move) also waits a full interval.
 */
export class Autoplay {
  private readonly reasons = new Set<PauseReason>();
  private handle: unknown = null;
  private running = false;

  constructor(
    private readonly onTick: () => void,
    private readonly intervalMs: number = AUTOPLAY_INTERVAL_MS,
    private readonly timers: Timers = realTimers,
  ) {}

  get paused(): boolean {
    return this.reasons.size > 0;
  }

  start(): void {
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.cancel();
  }

  pause(reason: PauseReason): void {
    this.reasons.add(reason);
    this.cancel();
  }

  resume(reason: PauseReason): void {
    if (!this.reasons.delete(reason)) return;
    this.schedule();
  }

  /** Waits a full interval from now (after a manual move). */
  restart(): void {
    this.schedule();
  }

  private schedule(): void {
    this.cancel();
    if (!this.running || this.paused) return;
    this.handle = this.timers.set(() => {
      this.handle = null;
      this.onTick();
      this.schedule();
    }, this.intervalMs);
  }

  private cancel(): void {
    if (this.handle !== null) this.timers.clear(this.handle);
    this.handle = null;
  }
}
