import { describe, expect, it } from 'vitest';
import { islandChunks, pageScriptChunks } from '../../../src/astro/chunks.ts';

/** A module graph as rolldown's chunking context sees it: each module's static importers. */
function graph(importers: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in importers ? { importers: importers[id]! } : null) };
}
const C = '/p/src/components';
const ctx = graph({
  [`${C}/coupons/CouponsListing.tsx`]: [],
  [`${C}/home/HomeContent.tsx`]: [],
  [`${C}/search/SearchResults.tsx`]: [],
  [`${C}/search/ResultTabs.tsx`]: [],
  [`${C}/modals/ModalRoot.tsx`]: [],
  '/p/src/components/coupons/CouponCard.tsx': [`${C}/coupons/CouponsListing.tsx`, `${C}/home/HomeContent.tsx`],
  '/p/src/catalog/display.ts': ['/p/src/components/coupons/CouponCard.tsx'],
  '/p/src/stores/listing.ts': [`${C}/coupons/CouponsListing.tsx`],
  '/p/src/stores/search.ts': [`${C}/search/SearchResults.tsx`],
  '/p/src/sources/static/items.ts': [`${C}/search/ResultTabs.tsx`],
  '/p/src/components/modals/CodeModal.tsx': [`${C}/modals/ModalRoot.tsx`],
  // The listings' clock labels (an Astro page script) and what they import.
  [`${C}/offers/OfferSweep.astro?astro&type=script&index=0&lang.ts`]: [],
  '/p/src/page-chrome/clock-labels.ts': [`${C}/offers/OfferSweep.astro?astro&type=script&index=0&lang.ts`],
  '/p/src/catalog/offer-time.ts': ['/p/src/page-chrome/clock-labels.ts', '/p/src/components/coupons/CouponCard.tsx'],
  // The ad runtime (imported on demand by the ad boot) and the page chrome's search-query helper
  // (imported on demand by the page chrome, and by the search island).
  '/p/src/ads/runtime.ts': [],
  '/p/src/ads/preload.ts': ['/p/src/ads/runtime.ts', '/p/src/components/coupons/CouponCard.tsx'],
  '/p/src/config/site-runtime.ts': ['/p/src/ads/runtime.ts', '/p/src/catalog/display.ts'],
  '/p/src/ads/core/decision.ts': ['/p/src/ads/runtime.ts'],
  '/p/src/page-chrome/search-query.ts': [`${C}/search/SearchResults.tsx`],
  '/p/src/i18n/paths.ts': ['/p/src/page-chrome/search-query.ts', `${C}/search/SearchResults.tsx`],
  // Both a page script's and the clock's: the clock (which the listings load anyway) takes it.
  '/p/src/catalog/intl.ts': ['/p/src/catalog/offer-time.ts', '/p/src/ads/preload.ts'],
});

describe('which chunk an island module goes to', () => {
  it('puts what two eager islands import statically, directly or not, in the shared chunk', () => {
    expect(islandChunks.name('/p/src/components/coupons/CouponCard.tsx', ctx)).toBe('app');
    expect(islandChunks.name('/p/src/catalog/display.ts', ctx)).toBe('app');
  });

  it("leaves one island's own code with it, and the island entries themselves alone", () => {
    expect(islandChunks.name('/p/src/stores/listing.ts', ctx)).toBeNull();
    expect(islandChunks.name(`${C}/coupons/CouponsListing.tsx`, ctx)).toBeNull();
  });

  it("puts the search island's and its results view's own code in one chunk", () => {
    expect(islandChunks.name('/p/src/stores/search.ts', ctx)).toBe('search');
    expect(islandChunks.name('/p/src/sources/static/items.ts', ctx)).toBe('search');
  });

  it('leaves code only an island hydrated on interaction loads to the bundler', () => {
    expect(islandChunks.name('/p/src/components/modals/CodeModal.tsx', ctx)).toBeNull();
  });
});

describe("the clock labels' chunk", () => {
  it('takes what the clock labels share with the islands, so their script never imports the shared chunk', () => {
    expect(pageScriptChunks.name('/p/src/catalog/offer-time.ts', ctx)).toBe('clock');
  });

  it("leaves the script's own module in its entry chunk (a page without clock labels never fetches it), and everything else", () => {
    expect(pageScriptChunks.name('/p/src/page-chrome/clock-labels.ts', ctx)).toBeNull();
    expect(pageScriptChunks.name(`${C}/offers/OfferSweep.astro?astro&type=script&index=0&lang.ts`, ctx)).toBeNull();
    expect(pageScriptChunks.name('/p/src/components/coupons/CouponCard.tsx', ctx)).toBeNull();
    expect(pageScriptChunks.name('/p/src/catalog/display.ts', ctx)).toBeNull();
  });
});

describe("the page scripts' shared chunk", () => {
  it('takes what the ad runtime shares with the islands, so a visitor who accepted ads fetches no React before input', () => {
    expect(pageScriptChunks.name('/p/src/ads/preload.ts', ctx)).toBe('page-shared');
    expect(pageScriptChunks.name('/p/src/config/site-runtime.ts', ctx)).toBe('page-shared');
  });

  it('takes the search-query helper the page chrome imports, and what it shares with the search island', () => {
    expect(pageScriptChunks.name('/p/src/page-chrome/search-query.ts', ctx)).toBe('page-shared');
    expect(pageScriptChunks.name('/p/src/i18n/paths.ts', ctx)).toBe('page-shared');
  });

  it("leaves the runtime itself and what only it imports in the runtime's chunks", () => {
    expect(pageScriptChunks.name('/p/src/ads/runtime.ts', ctx)).toBeNull();
    expect(pageScriptChunks.name('/p/src/ads/core/decision.ts', ctx)).toBeNull();
  });

  it('gives the clock what the clock labels share with the islands, even when a page script imports it too', () => {
    expect(pageScriptChunks.name('/p/src/catalog/intl.ts', ctx)).toBe('clock');
  });
});
