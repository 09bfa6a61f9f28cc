// @vitest-environment happy-dom
/**
 * A click held before an island hydrated (src/page-chrome/early-clicks.ts) is never lost: a
 * button that does nothing without its island (Show More) waits for the island however long its
 * code takes, and is then clicked once; a link, or a button that submits its form, is followed
 * without the island after the fallback delay, as without script.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installEarlyClicks } from '../../../src/page-chrome/early-clicks.ts';

installEarlyClicks(document);

let island: HTMLElement;
/** Clicks that reached the page past the early-click holder (what the island or the browser acts on). */
let reached: string[];
const record = (e: Event) => reached.push((e.target as HTMLElement).textContent ?? '');

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `<astro-island ssr>
      <button type="button">Show More</button>
      <a href="#brand">Circuit Bay</a>
      <form action="/search" onsubmit="return false"><button>Search</button></form>
    </astro-island>`;
  island = document.querySelector('astro-island')!;
  reached = [];
  document.addEventListener('click', record);
});
afterEach(() => {
  document.removeEventListener('click', record);
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** Astro hydrated the island: `ssr` is gone and `astro:hydrate` fires on it. */
function hydrate() {
  island.removeAttribute('ssr');
  island.dispatchEvent(new CustomEvent('astro:hydrate'));
}
const click = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('button, a')].find((el) => el.textContent === name)!.click();

describe('a click before the island hydrated', () => {
  it('on Show More is held while the island is slower than the fallback delay, then replayed once', async () => {
    click('Show More');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reached).toEqual([]);
    hydrate();
    await vi.advanceTimersByTimeAsync(0);
    expect(reached).toEqual(['Show More']);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reached).toEqual(['Show More']);
  });

  it('marks its island, so an island waiting for the first input hydrates when its directive starts later', () => {
    expect(island.hasAttribute('data-held-click')).toBe(false);
    click('Show More');
    expect(island.hasAttribute('data-held-click')).toBe(true);
  });

  it('on Show More, tapped twice, is replayed once when the island hydrates in time', async () => {
    click('Show More');
    click('Show More');
    await vi.advanceTimersByTimeAsync(1_000);
    hydrate();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reached).toEqual(['Show More']);
  });

  it('on a link, or a button that submits its form, is followed after 4 s when the island never comes', async () => {
    click('Circuit Bay');
    click('Search');
    await vi.advanceTimersByTimeAsync(3_900);
    expect(reached).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(reached).toEqual(['Circuit Bay', 'Search']);
    // Hydrating later does not replay them a second time.
    hydrate();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reached).toEqual(['Circuit Bay', 'Search']);
  });
});

describe('a search box form sent before the page chrome ran', () => {
  /** The entries the browser sends for a submission of the header search form. */
  function submitted(markup: string): string {
    document.body.innerHTML = markup;
    const form = document.querySelector('form')!;
    let sent = '';
    const read = (e: Event) => {
      e.preventDefault();
      sent = new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString();
    };
    form.addEventListener('submit', read);
    form.requestSubmit();
    form.removeEventListener('submit', read);
    return sent;
  }
  const box = (attr: string) => `<div ${attr}><form action="/search" method="get">
      <input type="search" name="q" value="laptops" />
      <input type="hidden" name="from" value="form" disabled />
    </form></div>`;

  it('still carries "from=form", so the search page records the search', () => {
    expect(submitted(box('data-search-box'))).toBe('q=laptops&from=form');
  });

  it('leaves a disabled field of any other form out, as the browser does', () => {
    expect(submitted(box('data-other-form'))).toBe('q=laptops');
  });
});
