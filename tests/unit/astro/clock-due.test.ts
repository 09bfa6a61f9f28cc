// @vitest-environment happy-dom
/**
 * `client:interaction={{ clock: true }}` (src/astro/interaction-directive.ts): an island whose
 * pre-rendered offers the clock has made untrue (one ended, or a code's health words changed)
 * hydrates at once; otherwise it knows when that moment comes.
 */
import { describe, expect, it } from 'vitest';
import { clockDue, watchesClock } from '../../../src/astro/interaction-directive.ts';

const island = (html: string) => {
  const el = document.createElement('astro-island');
  el.innerHTML = html;
  return el;
};

describe('clockDue', () => {
  const el = island(
    '<article data-ends-at="5000"></article><article data-ends-at="9000" data-stale-at="7000"></article><article></article>',
  );
  it('is not due before the first end or change, and names it', () => {
    expect(clockDue(el, 1000)).toEqual({ stale: false, next: 5000 });
  });
  it('is due once an offer has ended or a health change has come', () => {
    expect(clockDue(el, 5000).stale).toBe(true);
    const health = island('<article data-ends-at="9000" data-stale-at="7000"></article>');
    expect(clockDue(health, 7000).stale).toBe(true);
    expect(clockDue(health, 6999)).toEqual({ stale: false, next: 7000 });
  });
  it('never without times, and ignores unreadable ones', () => {
    expect(clockDue(island('<article data-ends-at="soon"></article><p></p>'), 1e15)).toEqual({
      stale: false,
      next: Number.POSITIVE_INFINITY,
    });
  });
  it('is asked for with { clock: true } only', () => {
    expect(watchesClock({ clock: true })).toBe(true);
    expect(watchesClock({ params: ['q'] })).toBe(false);
    expect(watchesClock('[data-x]')).toBe(false);
  });
});
