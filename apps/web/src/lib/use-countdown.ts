import { useEffect, useState } from 'react';

/**
 * Seconds left until `endsAt` (epoch ms), re-rendering a few times a second. Counting against the
 * clock rather than ticks keeps it right when the tab was in the background.
 */
export function useCountdown(endsAt: number | null): number {
  const remainingAt = (now: number) => (endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000)));
  const [remaining, setRemaining] = useState(() => remainingAt(Date.now()));
  useEffect(() => {
    if (endsAt === null) {
      setRemaining(0);
      return;
    }
    const update = () => setRemaining(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    update();
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  return remaining;
}
