/**
 * The sample reads like a real catalog: no "Buy one laptops item", no "Only 6 left!" on a
 * flight, free shipping only on goods, codes that say what they give, and the same discount in
 * the badge, the title and (for deals) the prices.
 */
import { describe, expect, it } from 'vitest';
import { englishGenerated, englishSample } from '../../fixtures/catalogs/sample-en.ts';

const now = new Date('2026-05-10T12:00:00Z');
/** English texts (tests/unit/catalog/sample-languages.test.ts covers es, fr and de). */
const catalogs = {
  sample: englishSample(now),
  generated: englishGenerated({ brands: 120, coupons: 2000, deals: 800, seed: 7, now }),
};
/** Bought as a service or a download: never shipped, never "in stock". */
const SERVICES =
  /\b(flights?|hotel stays?|hotel nights?|car rentals?|rental days?|takeout|oil changes?|audiobooks?|e-books?)\b/i;
/** Nobody sells "buy one, get one free" on these. */
const NO_BOGO =
  /\b(laptops?|tablets?|smart watches|flights?|hotel|car rentals?|tires?|oil changes?|aquariums?|bikes?|tents?)\b/i;

describe.each(Object.entries(catalogs))('%s catalog reads like a real one', (_name, catalog) => {
  it('"buy one get one" names a real item, only where such offers exist', () => {
    const bogo = catalog.coupons.filter((c) => c.discountType === 'bogo');
    expect(bogo.length).toBeGreaterThan(0);
    for (const c of bogo) {
      expect(c.description).not.toMatch(/ item and /);
      expect(c.description).toMatch(/^Buy one .+ and get a second .+ free at /);
      expect(c.name).not.toMatch(NO_BOGO);
      expect(c.code === '' || c.code.endsWith('BOGO')).toBe(true);
    }
  });

  it('free shipping only on goods, with a code that is not a number', () => {
    const shipping = catalog.coupons.filter((c) => c.discountType === 'free_shipping');
    expect(shipping.length).toBeGreaterThan(0);
    for (const c of shipping) {
      expect(c.description).not.toMatch(SERVICES);
      expect(c.code === '' || c.code.endsWith('SHIP')).toBe(true);
    }
  });

  it('stock ("Only N left!") only on goods; a limited flight or hotel deal is limited in time', () => {
    const services = catalog.deals.filter((d) => SERVICES.test(d.title));
    expect(services.length).toBeGreaterThan(0);
    for (const d of services) {
      expect(d.stock).toBeNull();
      expect(d.description).not.toMatch(/stock/i);
    }
    expect(catalog.deals.some((d) => d.stock !== null && d.stock < 10)).toBe(true);
  });

  it('the badge, the title, the code and the prices give the same discount', () => {
    for (const c of catalog.coupons) {
      if (c.discountType === 'percentage') {
        const pct = /^(\d+)% OFF$/.exec(c.discount)?.[1];
        expect(c.name.startsWith(`${pct}% Off`)).toBe(true);
        expect(c.code === '' || c.code.endsWith(String(pct))).toBe(true);
      } else if (c.discountType === 'fixed') {
        const amount = /^\$(\d+) OFF$/.exec(c.discount)?.[1];
        expect(c.name.startsWith(`$${amount} Off`)).toBe(true);
        expect(c.code === '' || c.code.endsWith(String(amount))).toBe(true);
      }
    }
    for (const d of catalog.deals) {
      const pct = Number(/^(\d+)% OFF$/.exec(d.discount)?.[1]);
      expect(d.title.startsWith(`${pct}% Off`)).toBe(true);
      expect(Math.round((1 - d.salePrice! / d.originalPrice!) * 100)).toBe(pct);
      expect(d.code === '' || d.code === `DEAL${pct}`).toBe(true);
    }
  });
});
