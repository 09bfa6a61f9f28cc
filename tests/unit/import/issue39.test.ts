/**
 * Issue 39 on the import side: only promotions become offers (CJ banners/text links, Impact
 * banners left out as "not an offer"; Impact's DealDefaultPromoCode is the coupon's code), the
 * text's language (feed field, else tinyld with a floor), language variants merged into one offer,
 * exclusives kept with `exclusive: true`, countries, and discounts read in en/es/fr/de.
 * Feeds are written in the networks' reply formats, at the fixed clock IMPORT_NOW.
 */
import { describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { importConfigSchema } from '../../../src/config/schema-import.ts';
import { countriesOf } from '../../../src/import/countries.ts';
import { discountOf } from '../../../src/import/discount.ts';
import { formatSummary, importFeeds } from '../../../src/import/import-feeds.ts';
import { languageOfText } from '../../../src/import/language.ts';
import { IMPORT_NOW } from './helpers.ts';

const cjLink = (f: Record<string, string>) =>
  `<link>${Object.entries(f)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('')}</link>`;
const cjPage = (links: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><cj-api><links total-matched="${links.length}" records-returned="${links.length}" page-number="1">${links.join('')}</links></cj-api>`;
const cjBase = {
  'advertiser-id': '4242',
  'advertiser-name': 'Brindle Outdoor',
  category: 'Apparel',
  language: 'en',
  destination: 'https://brindle.example/',
  'promotion-start-date': '',
  'promotion-end-date': '',
  'relationship-status': 'joined',
  clickUrl: 'https://www.tkqlhce.com/click-1-2',
};

const run = (sources: { format: 'cj' | 'impact' | 'awin'; text: string }[], options = {}) =>
  importFeeds(
    sources.map((s) => ({ format: s.format, label: `${s.format}.feed`, pages: [[s.text]] })),
    { now: IMPORT_NOW, ...options },
  );

describe('only promotions become offers', () => {
  it('on a CJ page of banners, text links and coupons, only the promotions are kept', async () => {
    const page = cjPage([
      cjLink({
        ...cjBase,
        'link-id': '1',
        'link-name': 'Autumn holiday ideas',
        'link-type': 'Banner',
        'promotion-type': 'N/A',
        'coupon-code': '',
      }),
      cjLink({
        ...cjBase,
        'link-id': '2',
        'link-name': 'iSubscribe - Gift Finder',
        'link-type': 'Text Link',
        'promotion-type': '',
        'coupon-code': '',
      }),
      cjLink({
        ...cjBase,
        'link-id': '3',
        'link-name': 'Brindle 20 percent off outerwear',
        'link-type': 'Text Link',
        'promotion-type': 'Coupon',
        'coupon-code': 'BRINDLE20',
      }),
      cjLink({
        ...cjBase,
        'link-id': '4',
        'link-name': 'Winter sale: half price boots',
        'link-type': 'Text Link',
        'promotion-type': 'Sale/Discount',
        'coupon-code': '',
      }),
      cjLink({
        ...cjBase,
        'link-id': '5',
        'link-name': 'Take SNOW10',
        'link-type': 'Banner',
        'promotion-type': 'N/A',
        'coupon-code': 'SNOW10',
      }),
    ]);
    const { catalog, summaries, dropped } = await run([{ format: 'cj', text: page }]);
    expect(summaries.map(formatSummary)).toEqual(['cj cj.feed: read 5, kept 3, left out 2 (not-an-offer 2)']);
    expect(dropped).toEqual([
      'cj 1 "Autumn holiday ideas" of Brindle Outdoor (link 1 (line 1)): not an offer (banner)',
      'cj 2 "iSubscribe - Gift Finder" of Brindle Outdoor (link 2 (line 1)): not an offer (text link)',
    ]);
    expect(catalog.coupons.map((c) => c.code)).toEqual(['BRINDLE20', 'SNOW10']);
    expect(catalog.deals.map((d) => d.title)).toEqual(['Winter sale: half price boots']);
    // "Brindle 20 percent off outerwear" → 20 %; "half price" → 50 %.
    expect(catalog.coupons[0]).toMatchObject({ discount: '20', discountType: 'percentage' });
    expect(catalog.deals[0]).toMatchObject({ discount: '50', discountType: 'percentage' });
  });

  it('an Impact banner is left out; its DealDefaultPromoCode offer is a coupon with that code; DealPublic false is kept exclusive', async () => {
    const ad = (f: Record<string, unknown>) => ({
      CampaignId: '5170',
      CampaignName: 'Learning Rewards',
      TrackingLink: 'https://learning.sjv.io/c/1/2/3',
      LandingPageUrl: 'https://learning.example/',
      Language: 'ENGLISH',
      StartDate: '2026-01-01T00:00:00-08:00',
      EndDate: '',
      ...f,
    });
    const reply = JSON.stringify({
      '@page': '1',
      Ads: [
        ad({ Id: '356309', Name: 'Learning Rewards - 728x90', Type: 'BANNER', DealDefaultPromoCode: '' }),
        ad({
          Id: '356310',
          Name: 'Save 15% on courses',
          Type: 'TEXT_LINK',
          DealId: '9',
          DealDefaultPromoCode: 'LEARN15',
          DealState: 'ACTIVE',
        }),
        ad({
          Id: '356311',
          Name: 'Members: 25% off',
          Type: 'COUPON',
          DealDefaultPromoCode: 'VIP25',
          DealPublic: 'false',
        }),
        ad({ Id: '356312', Name: 'Old deal', Type: 'COUPON', DealDefaultPromoCode: 'OLD5', DealState: 'SUSPENDED' }),
      ],
    });
    const { catalog, summaries, dropped } = await run([{ format: 'impact', text: reply }]);
    expect(summaries.map(formatSummary)).toEqual([
      'impact impact.feed: read 4, kept 2, left out 2 (not-an-offer 1, inactive 1)',
    ]);
    expect(dropped[0]).toMatch(/356309 "Learning Rewards - 728x90".*: not an offer \(banner\)$/);
    expect(dropped[1]).toMatch(/356312 "Old deal".*: suspended at the network$/);
    expect(catalog.coupons.map((c) => [c.code, c.exclusive])).toEqual([
      ['LEARN15', false],
      ['VIP25', true],
    ]);
    // With exclusive "drop" the chosen-partners deal is left out as before.
    const dropping = await run([{ format: 'impact', text: reply }], { exclusive: 'drop' });
    expect(dropping.catalog.coupons.map((c) => c.code)).toEqual(['LEARN15']);
  });
});

const awinPromo = (f: Record<string, unknown>) => ({
  advertiser: { id: 7001, name: 'Sol Car Hire', joined: true },
  startDate: '2026-11-01T00:00:00+00:00',
  endDate: '2026-12-31T23:59:00+00:00',
  url: 'https://solcarhire.example/',
  urlTracking: 'https://www.awin1.com/cread.php?awinmid=7001&awinaffid=1',
  regions: { all: false, list: [{ name: 'United Kingdom', countryCode: 'GB' }] },
  ...f,
});

describe('language, variants, exclusives and countries (Awin)', () => {
  it('stores Spanish under es, merges two language variants into one coupon, keeps the exclusive voucher', async () => {
    const reply = JSON.stringify({
      data: [
        awinPromo({
          promotionId: 1,
          type: 'voucher',
          title: 'Second day for Free with HSBC cards',
          description: 'Book two days, pay one with an HSBC card.',
          voucher: { code: 'HSBC2', exclusive: false, attributable: false },
        }),
        awinPromo({
          promotionId: 2,
          type: 'voucher',
          title: 'Segundo día gratis con HSBC',
          description: 'Reserva dos días y paga uno con tu tarjeta HSBC.',
          voucher: { code: 'HSBC2', exclusive: false, attributable: false },
          regions: { all: false, list: [{ name: 'Spain', countryCode: 'ES' }] },
        }),
        awinPromo({
          promotionId: 3,
          type: 'voucher',
          title: '¡10% DTO EXTRA EN MAQUILLAJE!',
          description: 'Descuento adicional en toda la sección de maquillaje.',
          advertiser: { id: 7002, name: 'Belleza Sur' },
          voucher: { code: 'MAQUI10', exclusive: false },
          regions: { all: false, list: [{ countryCode: 'ES' }, { countryCode: 'MX' }] },
        }),
        awinPromo({
          promotionId: 4,
          type: 'voucher',
          title: '£10 off your first rental',
          description: 'Only for our readers.',
          voucher: { code: 'OURS10', exclusive: true, attributable: true },
          regions: { all: true },
        }),
        awinPromo({
          promotionId: 5,
          type: 'promotion',
          title: 'Weekend deals',
          description: 'Paused offer',
          status: 'paused',
        }),
      ],
    });
    const { catalog, summaries, notes } = await run([{ format: 'awin', text: reply }]);
    expect(summaries.map(formatSummary)).toEqual(['awin awin.feed: read 5, kept 4, left out 1 (inactive 1)']);
    expect(notes).toEqual([]);
    const parsed = parseCatalog(JSON.parse(JSON.stringify(catalog)));
    expect(parsed.ok && parsed.problems).toEqual([]);
    const byCode = Object.fromEntries(catalog.coupons.map((c) => [c.code, c]));
    expect(Object.keys(byCode)).toEqual(['HSBC2', 'MAQUI10', 'OURS10']);
    // Two variants, one coupon with both texts; valid in both variants' countries.
    expect(byCode.HSBC2!.name).toEqual({
      en: 'Second day for Free with HSBC cards',
      es: 'Segundo día gratis con HSBC',
    });
    expect(byCode.HSBC2!.description).toEqual({
      en: 'Book two days, pay one with an HSBC card.',
      es: 'Reserva dos días y paga uno con tu tarjeta HSBC.',
    });
    expect(byCode.HSBC2!.countries).toEqual(['ES', 'GB']);
    // Written in Spanish: stored under es only (other pages show the marked fallback).
    expect(byCode.MAQUI10!.name).toEqual({ es: '¡10% DTO EXTRA EN MAQUILLAJE!' });
    expect(byCode.MAQUI10).toMatchObject({ discount: '10', discountType: 'percentage', countries: ['ES', 'MX'] });
    // The operator's own exclusive voucher is kept, marked; valid everywhere: no countries field.
    expect(byCode.OURS10).toMatchObject({
      exclusive: true,
      name: '£10 off your first rental',
      discount: '10',
      discountType: 'fixed',
    });
    expect(byCode.OURS10!.countries).toBeUndefined();
  });

  it('deals: the same dates and page in two languages are one deal; two deals in one language stay two', async () => {
    const promo = (id: number, title: string, description: string) =>
      awinPromo({ promotionId: id, type: 'promotion', title, description, regions: { all: true } });
    const reply = JSON.stringify({
      data: [
        promo(20, 'Winter sale on every rental car', 'Book any car this winter and pay less.'),
        promo(21, 'Rebajas de invierno en todos los coches', 'Reserva cualquier coche este invierno y paga menos.'),
        promo(22, 'Weekend rentals for families', 'Bigger cars for the whole family this weekend.'),
      ],
    });
    const { catalog, summaries } = await run([{ format: 'awin', text: reply }]);
    expect(summaries.map(formatSummary)).toEqual(['awin awin.feed: read 3, kept 3, left out 0']);
    expect(catalog.deals.map((d) => d.title)).toEqual([
      { en: 'Winter sale on every rental car', es: 'Rebajas de invierno en todos los coches' },
      'Weekend rentals for families',
    ]);
  });

  it('a text too short to tell is stored in the default language, and the log says so', async () => {
    const reply = JSON.stringify({
      data: [
        awinPromo({ promotionId: 9, type: 'voucher', title: '20% off', description: '', voucher: { code: 'TWENTY' } }),
      ],
    });
    const { catalog, notes } = await run([{ format: 'awin', text: reply }], { defaultLanguage: 'de' });
    expect(catalog.coupons[0]!.name).toBe('20% off');
    expect(notes).toEqual([
      'awin 9 "20% off" of Sol Car Hire (data[0]): no language recognised; stored as the default language "de"',
    ]);
  });
});

describe('the pieces', () => {
  it('import.exclusive: "keep" by default, "drop" accepted, anything else refused at its path', () => {
    const base = { sources: [{ from: 'awin:api' }] };
    expect(importConfigSchema.parse(base).exclusive).toBe('keep');
    expect(importConfigSchema.parse({ ...base, exclusive: 'drop' }).exclusive).toBe('drop');
    const bad = importConfigSchema.safeParse({ ...base, exclusive: 'sometimes' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['exclusive']);
  });

  it('language: the feed’s field wins; otherwise detected above the floor, else assumed', () => {
    expect(languageOfText('es', 'Free shipping on all orders', 'en')).toEqual({ lang: 'es', how: 'feed' });
    expect(languageOfText(null, 'Livraison gratuite dès 50 €', 'en')).toEqual({ lang: 'fr', how: 'detected' });
    expect(languageOfText('ENGLISH-ish', 'Segundo día gratis con HSBC', 'en')).toEqual({ lang: 'es', how: 'detected' });
    expect(languageOfText(null, 'Half price hosting', 'fr')).toMatchObject({ lang: 'fr', how: 'assumed' });
    // A close call (real Rakuten text: es 0.111, en 0.099) is not trusted.
    expect(languageOfText(null, "Shop Kohl's.com today!", 'en')).toMatchObject({
      lang: 'en',
      how: 'assumed',
      note: 'best guess "es" scored 0.11, too close to the next (0.10)',
    });
  });

  it('countries: codes, names and Rakuten networks become ISO alpha-2; none readable = everywhere', () => {
    expect(countriesOf(['Portugal', ' Spain', 'UK', 'us'], 'cj')).toEqual(['ES', 'GB', 'PT', 'US']);
    expect(countriesOf(['US Network'], 'rakuten')).toEqual(['US']);
    expect(countriesOf(['3', 'Germany Network'], 'rakuten')).toEqual(['DE', 'GB']);
    expect(countriesOf(['Worldwide', 'null'], 'cj')).toEqual([]);
  });

  it('discounts in en, es, fr and de; nothing known = empty and not a percentage', () => {
    const cases: [string, Parameters<typeof discountOf>[1], string, string][] = [
      ['Brindle 20 percent off outerwear', 'en', '20', 'percentage'],
      ['half price on all hoodies', 'en', '50', 'percentage'],
      ['£10 off orders over £50', 'en', '10', 'fixed'],
      ['buy one get one free on socks', 'en', 'BOGO', 'bogo'],
      ['20 % de descuento en abrigos', 'es', '20', 'percentage'],
      ['10 € de descuento', 'es', '10', 'fixed'],
      ['2x1 en entradas', 'es', 'BOGO', 'bogo'],
      ['Envío gratis', 'es', 'Free Shipping', 'free_shipping'],
      ['moitié prix sur les manteaux', 'fr', '50', 'percentage'],
      ['15 pour cent sur tout', 'fr', '15', 'percentage'],
      ['Livraison offerte', 'fr', 'Free Shipping', 'free_shipping'],
      ['2 für 1 auf alle Schuhe', 'de', 'BOGO', 'bogo'],
      ['30 Prozent auf Jacken', 'de', '30', 'percentage'],
      ['5 € Rabatt', 'de', '5', 'fixed'],
      ['Versandkostenfrei ab 20 €', 'de', 'Free Shipping', 'free_shipping'],
      ['Autumn holiday ideas', 'en', '', 'fixed'],
    ];
    for (const [text, lang, discount, discountType] of cases)
      expect(discountOf(text, lang), text).toMatchObject({ discount, discountType });
    expect(discountOf('£10 off', 'en').currency).toBe('GBP');
  });
});
