// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installOfferSweep, offerSweepScript } from '../../../src/page-chrome/offer-sweep.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('the early sweep of ended pre-rendered offers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    document.body.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  const card = (id: string, endsAt: number | null) =>
    `<li id="${id}"><article ${endsAt === null ? '' : `data-ends-at="${endsAt}"`}>${id}</article></li>`;

  it('hides the grid item of every card whose end has passed, and none other', () => {
    document.body.innerHTML = `<ul>${card('gone', NOW - 1)}${card('now', NOW)}${card('live', NOW + 60_000)}${card('none', null)}</ul>`;
    installOfferSweep(document);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    const hidden = (id: string) => (document.getElementById(id) as HTMLElement).hidden;
    expect([hidden('gone'), hidden('now'), hidden('live'), hidden('none')]).toEqual([true, true, false, false]);
    expect(document.getElementById('gone')?.hasAttribute('data-offer-ended')).toBe(true);
  });

  it('hides cards added after it as the parser adds them, then the next one at its end', async () => {
    installOfferSweep(document);
    document.body.insertAdjacentHTML('beforeend', `<ul>${card('late', NOW - 5)}${card('soon', NOW + 90_000)}</ul>`);
    await Promise.resolve(); // MutationObserver callbacks run as microtasks
    expect((document.getElementById('late') as HTMLElement).hidden).toBe(true);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect((document.getElementById('soon') as HTMLElement).hidden).toBe(false);
    vi.advanceTimersByTime(90_000);
    expect((document.getElementById('soon') as HTMLElement).hidden).toBe(true);
  });

  it('is one self-contained expression for an inline script', () => {
    const src = offerSweepScript();
    expect(src.startsWith('(')).toBe(true);
    expect(src).toContain('data-ends-at');
    expect(src).not.toMatch(/\bimport\b|\brequire\(/);
  });
});
