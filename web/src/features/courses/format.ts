/** "4:12" or "1:04:12" for a lesson's length. */
export function clockDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Hours and whole minutes of a length, for "1 h 10 min" texts. */
export function hoursMinutes(totalSeconds: number): { hours: number; minutes: number } {
  const minutes = Math.round(Math.max(0, totalSeconds) / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
