import { describe, expect, it } from 'vitest';
import { islandChunks } from '../../../src/astro/chunks.ts';

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
