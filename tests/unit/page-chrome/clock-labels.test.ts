// @vitest-environment happy-dom
/**
 * The page's clock labels (src/page-chrome/clock-labels.ts): before a listing's island hydrates,
 * its pre-rendered end labels and "Last worked" lines say what is true at the visitor's clock,
 * in the page's language; labels an island already owns are left to it. Injected clock.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../../src/i18n/client.ts';
import { pickMessages } from '../../../src/i18n/island-keys.ts';
import { CLOCK_LABEL_KEYS } from '../../../src/page-chrome/clock-keys.ts';
import { startClockLabels, updateClockLabels } from '../../../src/page-chrome/clock-labels.ts';

const H = 3_600_000;
const END = Date.parse('2026-11-30T01:37:00.000Z');
const WORKED = '2026-11-29T20:00:00.000Z';

function card(island: 'ssr' | 'hydrated' = 'ssr', tone = 'text-muted'): string {
  return `<astro-island ${island === 'ssr' ? 'ssr' : ''}><article>
    <span class="ends ${tone}"><time datetime="${new Date(END).toISOString()}">Ends Nov 29</time></span>
    <span class="text-muted" data-health-last-worked="" data-at="${WORKED}">Last worked Nov 29</span>
  </article></astro-island>`;
}

const t = (lang: string) => createTranslator(lang, pickMessages(lang, CLOCK_LABEL_KEYS));

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('updateClockLabels', () => {
  it('says the time left under 48 h, in bold, and "Ended" once over', () => {
    document.body.innerHTML = card();
    const label = document.querySelector<HTMLElement>('span.ends')!;
    updateClockLabels(document, END - 5 * H - 1, t('en'), 'en');
    expect(label.textContent).toBe('Ends in 5 h');
    expect(label.dataset.endsLabel).toBe('hours');
    expect(label.classList.contains('text-ink')).toBe(true);
    expect(label.classList.contains('text-muted')).toBe(false);
    updateClockLabels(document, END - 20 * 60_000, t('en'), 'en');
    expect(label.textContent).toBe('Ends in 20 min');
    updateClockLabels(document, END, t('en'), 'en');
    expect(label.textContent).toBe('Ended');
  });

  it("keeps the build's day 48 h or more before the end", () => {
    document.body.innerHTML = card();
    updateClockLabels(document, END - 49 * H, t('en'), 'en');
    expect(document.querySelector('span.ends')!.textContent).toBe('Ends Nov 29');
    expect(document.querySelector<HTMLElement>('span.ends')!.dataset.endsLabel).toBeUndefined();
  });

  it('speaks the page language (German, Spanish)', () => {
    document.body.innerHTML = card();
    updateClockLabels(document, END - 2 * H - 1, t('de'), 'de');
    expect(document.querySelector('span.ends')!.textContent).toBe('Endet in 2 Std.');
    updateClockLabels(document, END - 30 * 60_000, t('es'), 'es');
    expect(document.querySelector('span.ends')!.textContent).toMatch(/30 min/);
    expect(document.querySelector('span.ends')!.textContent).not.toMatch(/Ends/);
  });

  it('says how long ago a code last worked', () => {
    document.body.innerHTML = card();
    updateClockLabels(document, Date.parse(WORKED) + 2 * H + 5 * 60_000, t('en'), 'en');
    expect(document.querySelector('[data-health-last-worked]')!.textContent).toBe('Last worked 2 hr. ago');
    updateClockLabels(document, Date.parse(WORKED) + 10_000, t('en'), 'en');
    expect(document.querySelector('[data-health-last-worked]')!.textContent).toBe('Last worked just now');
  });

  it("leaves the banner's colours and a hydrated island's labels alone", () => {
    document.body.innerHTML = card('ssr', 'font-semibold text-amber-900') + card('hydrated');
    const [banner, owned] = document.querySelectorAll<HTMLElement>('span.ends');
    const left = updateClockLabels(document, END - 3 * H - 1, t('en'), 'en');
    expect(banner!.textContent).toBe('Ends in 3 h');
    expect(banner!.className).toBe('ends font-semibold text-amber-900');
    expect(owned!.textContent).toBe('Ends Nov 29');
    expect(left).toBe(2);
  });
});

describe('startClockLabels', () => {
  it("speaks the page's language and keeps the labels current every 30 s, until none is left", () => {
    vi.useFakeTimers();
    try {
      // Two time zones: what is said depends on the instant, not the zone.
      for (const tz of ['America/Los_Angeles', 'Asia/Tokyo']) {
        vi.stubEnv('TZ', tz);
        document.documentElement.lang = 'de';
        document.body.innerHTML = card();
        let now = END - 61 * 60_000;
        startClockLabels(document, () => now);
        const label = document.querySelector('span.ends')!;
        expect(label.textContent).toBe('Endet in 1 Std.');
        now += 2 * 60_000;
        vi.advanceTimersByTime(30_000);
        expect(label.textContent).toBe('Endet in 59 Min.');
        document.querySelector('astro-island')!.removeAttribute('ssr');
        vi.advanceTimersByTime(30_000);
        expect(vi.getTimerCount()).toBe(0);
      }
    } finally {
      vi.unstubAllEnvs();
      vi.useRealTimers();
    }
  });

  it('does nothing on a page in a language the site has no words for', () => {
    document.documentElement.lang = 'it';
    document.body.innerHTML = card();
    startClockLabels(document, () => END - H - 1);
    expect(document.querySelector('span.ends')!.textContent).toBe('Ends Nov 29');
  });
});
