/** Issue 39: an offer whose discount text is empty or unknown shows no discount badge at all. */
import i18next, { type TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import { CouponCard } from '../../../src/components/coupons/CouponCard.tsx';
import { DealCard } from '../../../src/components/deals/DealCard.tsx';
import { getResources } from '../../../src/i18n/index.ts';

function translator(lang: string): TFunction {
  const i = i18next.createInstance();
  i.init({
    lng: lang,
    resources: { [lang]: getResources(lang, ['coupons', 'deals', 'common']) },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i.t;
}

const { catalog } = localizeCatalog(createSampleCatalog(new Date('2026-11-25T12:00:00.000Z')), {
  lang: 'de',
  defaultLang: 'en',
});
const t = translator('de');
const BADGE = /class="pill[^"]*bg-accent[^"]*">([^<]*)</g;
const badges = (html: string) => [...html.matchAll(BADGE)].map((m) => m[1]);

describe('discount badge', () => {
  const coupon = { ...catalog.coupons[0]!, discountType: 'percentage' as const };
  const deal = { ...catalog.deals[0]!, discountType: 'percentage' as const };

  it('shows the discount of a coupon and a deal that have one', () => {
    for (const view of ['grid', 'list'] as const) {
      const html = renderToString(
        <CouponCard coupon={{ ...coupon, discount: '20%' }} t={t} lang="de" index={0} view={view} />,
      );
      expect(badges(html)).toEqual([expect.stringContaining('20')]);
    }
    expect(
      badges(renderToString(<DealCard deal={{ ...deal, discount: '15%' }} t={t} lang="de" index={0} />)),
    ).toHaveLength(1);
  });

  it('is left out, not shown empty, when the discount text is empty or blank', () => {
    for (const discount of ['', '   ']) {
      for (const view of ['grid', 'list'] as const) {
        const html = renderToString(
          <CouponCard coupon={{ ...coupon, discount }} t={t} lang="de" index={0} view={view} />,
        );
        expect(badges(html)).toEqual([]);
      }
      expect(badges(renderToString(<DealCard deal={{ ...deal, discount }} t={t} lang="de" index={0} />))).toEqual([]);
    }
  });
});

describe('Exclusive badge (issue 39)', () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, '|');
  for (const [lang, word] of [
    ['en', 'Exclusive'],
    ['es', 'Exclusiva'],
    ['fr', 'Exclusive'],
    ['de', 'Exklusiv'],
  ] as const) {
    it(`says "${word}" in words on an exclusive deal in ${lang}, and nothing on another`, () => {
      const tl = translator(lang);
      const deal = catalog.deals[0]!;
      const on = text(renderToString(<DealCard deal={{ ...deal, exclusive: true }} t={tl} lang={lang} index={0} />));
      expect(on).toContain(`|${word}|`);
      const off = text(renderToString(<DealCard deal={{ ...deal, exclusive: false }} t={tl} lang={lang} index={0} />));
      expect(off).not.toContain(`|${word}|`);
    });
  }
});
