import { useLayoutEffect, useRef } from 'react';

/**
 * The visible wait. The timer itself is silent for screen readers (role=timer is not live); the
 * status line, mounted before the wait begins, speaks only when it starts and when it ends.
 */
export function Countdown({
  remaining,
  total,
  started,
}: {
  remaining: number;
  total: number;
  started: boolean;
}) {
  const done = started && remaining === 0;
  const progress = !started ? 0 : total === 0 ? 100 : Math.round(((total - remaining) / total) * 100);
  // Set on the element, not as a style attribute: the server's markup may carry none (the CSP
  // refuses it), so the bar fills from the first render in the browser.
  const fill = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (fill.current) fill.current.style.width = `${progress}%`;
  }, [progress]);
  let announcement = '';
  if (done) announcement = '待ち時間が終わりました。クイズに挑戦できます。';
  else if (started) announcement = `${total}秒のカウントダウンを開始しました。`;
  return (
    <div className="countdown">
      <div role="timer" aria-live="off" aria-atomic="true" className="countdown__time">
        {!started
          ? `広告ページを${total}秒以上見るとクイズに挑戦できます`
          : done
            ? 'クイズに挑戦できます'
            : `あと ${remaining} 秒`}
      </div>
      <div className="countdown__bar" aria-hidden="true">
        <div className="countdown__fill" ref={fill} />
      </div>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
