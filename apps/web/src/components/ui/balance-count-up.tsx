import { formatNumber } from '@quiz-points/shared';
import { useEffect, useState } from 'react';

const COUNT_MS = 900;
const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The member's new balance, counting up from the old one so that the points earned are seen going
 * in (at once under prefers-reduced-motion). Assistive technology reads only the final figure.
 */
export function BalanceCountUp({ from, to }: { from: number; to: number }) {
  const [shown, setShown] = useState(() => (reducedMotion() ? to : from));
  useEffect(() => {
    if (reducedMotion() || from === to) {
      setShown(to);
      return;
    }
    const started = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - started) / COUNT_MS);
      const eased = 1 - (1 - progress) ** 3;
      setShown(Math.round(from + (to - from) * eased));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [from, to]);
  return (
    <p className="balance-count-up">
      <span className="balance-count-up__label">保有ポイント</span>{' '}
      <span className="balance-count-up__value" aria-hidden="true" data-testid="new-balance">
        {formatNumber(shown)}
      </span>
      <span className="visually-hidden">{formatNumber(to)}</span> Pt
    </p>
  );
}
