// @vitest-environment happy-dom
/**
 * Issue 31: each offer and each translation string is serialized once per page. A page's islands
 * get references in their props (Astro's own prop serialization writes them), the page writes
 * the offers and strings once in its data script, and an island in the browser reads back
 * exactly what the build rendered from. Bad data is refused with the script and field named.
 */
// Astro's prop serializer, as the build and the edge Worker run it for every island.
import { serializeProps } from 'astro/runtime/server/serialize.js';
import { afterEach, describe, expect, it } from 'vitest';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { islandMessages } from '../../../src/components/modals/messages.ts';
import { PAGE_DATA_ID } from '../../../src/page-data/held.ts';
import {
  pageFormats,
  pageOffers,
  pagePage,
  pageStrings,
  pageValue,
  parsePageData,
  resetPageData,
} from '../../../src/page-data/read.ts';
import { createPageData } from '../../../src/page-data/write.ts';
import { createMemorySource } from '../../../src/sources/memory.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const catalog = createSampleCatalog(NOW);

async function sourceIn(lang: 'en' | 'fr') {
  return createMemorySource(localizeCatalog(catalog, { lang, defaultLang: 'en' }).catalog, { now: NOW, pageSize: 20 });
}

/** Astro's props attribute of an island. */
const serialize = (props: Record<string, unknown>) =>
  serializeProps(props, { displayName: 'Island', hydrate: 'idle', astroStaticSlot: false } as never);

/** What the browser's astro-island does with a props attribute: JSON, then Astro's value tags. */
function deserialize(json: string): Record<string, unknown> {
  const revive = (v: unknown): unknown => {
    if (!Array.isArray(v)) return v;
    const [tag, value] = v as [number, unknown];
    if (tag === 1) return (value as unknown[]).map(revive);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, revive(x)]));
    return value;
  };
  return revive([0, JSON.parse(json)]) as Record<string, unknown>;
}

/** The page as the browser gets it: the data script in the document. */
function load(json: string) {
  resetPageData();
  document.body.innerHTML = `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

afterEach(() => {
  resetPageData();
  document.body.innerHTML = '';
});

const source = await sourceIn('fr');
const initialPage = await source.coupons.list({ page: 1, sort: 'newest' });
const featured = await source.coupons.featured(8);
const expiring = await source.coupons.expiring(7, 10);
const deals = await source.deals.hot(6);

describe('page data (coupons page shape)', () => {
  function build() {
    const data = createPageData('fr');
    const listing = {
      lang: 'fr',
      messages: data.strings(['coupons', 'offers', 'health']),
      initialPage: data.couponPage(initialPage),
      featured: data.coupons(featured),
      expiring: data.coupons(expiring),
      deals: data.deals(deals),
    };
    const modal = { lang: 'fr', messages: data.strings(['modals', 'coupons', 'offers', 'common']) };
    return { data, listing, modal };
  }

  it('writes each offer once, and the props only their references', () => {
    const { data, listing, modal } = build();
    const shared = featured.filter((c) => initialPage.items.some((i) => i.id === c.id));
    expect(shared.length).toBeGreaterThan(0);
    const json = data.json();
    // Every offer of the listing, the featured block and the banner, each under one key.
    const written = JSON.parse(json) as { offers: Record<string, unknown> };
    const ids = new Set([...initialPage.items, ...featured, ...expiring].map((c) => `c${c.id}`));
    expect(
      Object.keys(written.offers)
        .filter((k) => k.startsWith('c'))
        .sort(),
    ).toEqual([...ids].sort());
    const props = serialize(listing) + serialize(modal);
    for (const c of [...initialPage.items, ...featured]) expect(props).not.toContain(c.name);
    // The listing's and the modal host's strings are one copy: a coupons text appears once.
    const text = islandMessages('fr', ['coupons']).coupons!['filters.search']!;
    expect(json.split(JSON.stringify(text)).length - 1).toBe(1);
    expect(props).not.toContain(text);
    // A brand named by several offers is written once.
    const brand = initialPage.items.find((c) => c.brand)!.brand!;
    expect(json.split(JSON.stringify(brand)).length - 1).toBe(1);
  });

  it('gives the island in the browser what the build rendered from, in order', () => {
    const { data, listing, modal } = build();
    load(data.json());
    const props = deserialize(serialize(listing));
    expect(pagePage(props.initialPage as typeof listing.initialPage)).toEqual(initialPage);
    expect(pageOffers(props.featured as typeof listing.featured)).toEqual(featured);
    expect(pageOffers(props.expiring as typeof listing.expiring)).toEqual(expiring);
    expect(pageOffers(props.deals as typeof listing.deals)).toEqual(deals);
    expect(pageStrings(props.messages as typeof listing.messages)).toEqual(
      islandMessages('fr', ['coupons', 'offers', 'health']),
    );
    const modalProps = deserialize(serialize(modal));
    expect(Object.keys(pageStrings(modalProps.messages as typeof modal.messages))).toEqual([
      'modals',
      'coupons',
      'offers',
      'common',
    ]);
    // Only the error texts of "common" travel (islandMessages).
    expect(Object.keys(pageStrings(modalProps.messages as typeof modal.messages)).length).toBe(4);
    // The same references give the same objects on every render.
    const ref = props.featured as typeof listing.featured;
    expect(pageOffers(ref)).toBe(pageOffers(ref));
  });

  it('where the page is rendered, a reference holds its value (nothing read from the document)', () => {
    const { listing } = build();
    expect(pageOffers(listing.featured)).toBe(featured);
    expect(pagePage(listing.initialPage).items).toBe(initialPage.items);
  });
});

describe('format seeds and other island values', () => {
  const couponsSeed = { 'd|fr|{"month":"short"}': { '1796157120000': '1 déc.' } };
  const dealsSeed = {
    'd|fr|{"month":"short"}': { '1798219920000': '25 déc.' },
    'n|fr|{"style":"currency"}': { '5': '5 $US' },
  };

  it('are in the page data, the props carrying no texts; every island gets the page’s seeds together', () => {
    const data = createPageData('fr');
    const a = { formats: data.formats(couponsSeed), brands: data.value('brands', [{ id: 20, name: 'Brickplay' }]) };
    const b = { formats: data.formats(dealsSeed) };
    const props = serialize(a) + serialize(b);
    expect(props).not.toContain('déc.');
    expect(props).not.toContain('Brickplay');
    // Where the page is rendered, each island renders from its own.
    expect(pageFormats(a.formats)).toBe(couponsSeed);
    expect(pageValue(a.brands)).toEqual([{ id: 20, name: 'Brickplay' }]);
    load(data.json());
    const back = deserialize(serialize(a)) as typeof a;
    expect(pageFormats(back.formats)).toEqual({
      'd|fr|{"month":"short"}': { '1796157120000': '1 déc.', '1798219920000': '25 déc.' },
      'n|fr|{"style":"currency"}': { '5': '5 $US' },
    });
    expect(pageValue(back.brands)).toEqual([{ id: 20, name: 'Brickplay' }]);
    expect(pageValue(back.brands)).toBe(pageValue(back.brands));
    expect(pageFormats(undefined)).toBeUndefined();
  });

  it('refuses two different values under one key, and names a missing one', () => {
    const data = createPageData('en');
    data.value('brands', [1]);
    expect(() => data.value('brands', [1])).not.toThrow();
    expect(() => data.value('brands', [2])).toThrow('page data: two different values under "brands"');
    load('{"strings":{},"offers":{},"refs":{}}');
    expect(() => pageValue({ key: 'brands' })).toThrow('<script id="page-data"> has no value "brands"');
  });
});

describe('page data text', () => {
  it('cannot close its script element, whatever the catalog says', () => {
    const data = createPageData('en');
    const offer = { ...catalog.coupons[0]!, name: '</script><script>alert(1)</script>', brand: null, category: null };
    const ref = data.coupons([offer] as never);
    expect(data.json()).not.toContain('</');
    load(data.json());
    expect(pageOffers(deserialize(serialize({ ref })).ref as typeof ref)[0]!.name).toBe(offer.name);
  });

  it('keeps an offer’s brand inline when another offer of the page has a different object under the same id', () => {
    const data = createPageData('en');
    const a = { ...catalog.coupons[0]!, id: 1, brand: { id: 5, slug: 's', name: 'One', logo: null } };
    const b = { ...catalog.coupons[0]!, id: 2, brand: { id: 5, slug: 's', name: 'Other', logo: null } };
    const ref = data.coupons([a, b] as never);
    load(data.json());
    const back = pageOffers(deserialize(serialize({ ref })).ref as typeof ref);
    expect(back.map((c) => c.brand?.name)).toEqual(['One', 'Other']);
  });

  it.each([
    ['{', /<script id="page-data"> is not valid JSON/],
    ['[]', /<script id="page-data">: strings must be an object/],
    ['null', /<script id="page-data">: the page data must be an object/],
    ['{"strings":{},"offers":{},"refs":{}', /not valid JSON/],
    ['{"offers":{},"refs":{}}', /: strings must be an object/],
    ['{"strings":{"coupons":{"title":3}},"offers":{},"refs":{}}', /: strings\.coupons\.title must be a text/],
    ['{"strings":{},"offers":{"c1":{"id":"1"}},"refs":{}}', /: offers\.c1 must be an offer \(numeric id/],
    [
      '{"strings":{},"offers":{"c1":{"id":1,"brand":"b9","category":null}},"refs":{}}',
      /offers\.c1 must be an offer \(numeric id; brand, category: null, object or refs key\)/,
    ],
    ['{"strings":{},"offers":{}}', /: refs must be an object/],
    ['{"strings":{},"offers":{},"refs":{},"formats":{"d|fr":{"1":2}}}', /: formats\.d\|fr\.1 must be a text/],
    ['{"strings":{},"offers":{},"refs":{},"values":[]}', /: values must be an object/],
  ])('refuses %s with the script and field named', (text, message) => {
    expect(() => parsePageData(text)).toThrow(message);
  });

  it('names a missing script and a missing offer', () => {
    const ref = { ids: 'c404' };
    document.body.innerHTML = '';
    expect(() => pageOffers(ref)).toThrow('the page has no <script id="page-data">');
    load('{"strings":{},"offers":{},"refs":{}}');
    expect(() => pageOffers({ ids: 'c404' })).toThrow('<script id="page-data"> has no offer "c404"');
  });
});
