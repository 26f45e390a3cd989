import type { ReactNode } from 'react';

/** A wide table that may scroll sideways on a phone; focusable and named, so keyboards can scroll it. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
    <section className="report-table__scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
