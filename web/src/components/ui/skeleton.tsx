/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded-lg bg-slate-200/80 ${className}`} />;
}
