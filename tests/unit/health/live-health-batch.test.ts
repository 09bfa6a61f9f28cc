// @vitest-environment happy-dom
/**
 * One `GET /api/health` per page (issue 40, src/stores/live-health.ts): the first grid to hydrate
 * asks for every coupon card of the page, so a second grid hydrating long after (under load, or
 * `client:visible`) finds its ids asked and shares that answer; only ids no card of the page
 * showed (a next page of results) make another request.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/config/site-runtime.ts', async (importOriginal) => {
  const real = (await importOriginal()) as { siteRuntime: Record<string, unknown> };
  return { siteRuntime: { ...real.siteRuntime, staticData: true, edgeApi: true } };
});
const { $liveHealth, MAX_HEALTH_IDS, requestHealth, resetLiveHealthForTests } = await import(
  '../../../src/stores/live-health.ts'
);

let asked: number[][] = [];
function grid(ids: number[]): void {
  const ul = document.createElement('ul');
  for (const id of ids) {
    const li = document.createElement('li');
    li.innerHTML = `<article data-coupon-id="${id}">Coupon ${id}</article>`;
    ul.append(li);
  }
  document.body.append(ul);
}

beforeEach(async () => {
  vi.useFakeTimers();
  asked = [];
  await resetLiveHealthForTests();
  document.body.innerHTML = '';
  vi.stubGlobal('fetch', async (url: string) => {
    const ids = (new URL(url, 'http://x').searchParams.get('ids') ?? '').split(',').map(Number);
    asked.push(ids);
    const data = Object.fromEntries(
      ids.map((id) => [String(id), { votes: { worked: 0, failed: id }, lastWorkedAt: null, lastFailedAt: null }]),
    );
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live code health on a page with two grids', () => {
  it('asks once for both grids, even when the second hydrates seconds later', async () => {
    grid([1, 2, 3]);
    grid([10, 11]);
    requestHealth([1, 2, 3]); // the first grid hydrates
    await vi.advanceTimersByTimeAsync(5_000);
    requestHealth([10, 11]); // the second, five seconds later
    await vi.advanceTimersByTimeAsync(5_000);
    expect(asked).toEqual([[1, 2, 3, 10, 11]]);
    expect($liveHealth.get().get(11)?.votes).toEqual({ worked: 0, failed: 11 });
  });

  it('asks again only for ids no card of the page showed (a next page of results)', async () => {
    grid([1, 2]);
    requestHealth([1, 2]);
    await vi.advanceTimersByTimeAsync(1_000);
    requestHealth([2, 30, 31]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toEqual([
      [1, 2],
      [30, 31],
    ]);
  });

  it('nothing is asked before a grid hydrates', async () => {
    grid([1, 2]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toEqual([]);
  });

  it('a page of more cards than one request may name asks in parts of MAX_HEALTH_IDS', async () => {
    const ids = Array.from({ length: MAX_HEALTH_IDS + 5 }, (_, i) => i + 1);
    grid(ids);
    requestHealth([1]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked.map((a) => a.length)).toEqual([MAX_HEALTH_IDS, 5]);
  });
});
