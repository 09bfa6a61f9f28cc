/**
 * A horizontally scrollable wrapper for a wide table: a labelled region reachable by keyboard,
 * with a shadow at an edge that has more to scroll to (.scroll-cue, src/styles/global.css).
 */
import type { ReactNode } from 'react';

export function ScrollRegion({
  labelledBy,
  className,
  children,
}: {
  labelledBy: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard (axe scrollable-region-focusable)
    <section className={`scroll-cue ${className}`} tabIndex={0} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}
