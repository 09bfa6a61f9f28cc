import { describe, expect, it } from 'vitest';
import { clockChunk, islandChunks } from '../../../src/astro/chunks.ts';

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
    expect(clockChunk.name('/p/src/catalog/offer-time.ts', ctx)).toBe('clock');
  });

  it("leaves the script's own module in its entry chunk (a page without clock labels never fetches it), and everything else", () => {
    expect(clockChunk.name('/p/src/page-chrome/clock-labels.ts', ctx)).toBeNull();
    expect(clockChunk.name(`${C}/offers/OfferSweep.astro?astro&type=script&index=0&lang.ts`, ctx)).toBeNull();
    expect(clockChunk.name('/p/src/components/coupons/CouponCard.tsx', ctx)).toBeNull();
    expect(clockChunk.name('/p/src/catalog/display.ts', ctx)).toBeNull();
  });
});
