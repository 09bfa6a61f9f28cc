/**
 * Issue 43 point 3: each island is shipped only the keys its components can render. For each
 * island hydrated by a page (and the header search box, mounted by hand), the `t('ns:key')` calls
 * of its component tree (the entry and every relative module it imports, statically or as a
 * chunk, followed) must be exactly its declared list: a declared key no call uses fails, and so
 * does a call whose key is not declared (the island would render the raw key). A call whose key
 * is not one literal (`t(\`deals:sort.${s}\`)`, `t(GROUP_LABEL[type])`) must be listed below with
 * the island, and the declared keys it accounts for must fit it (the template's literal head, or
 * a literal of that module). Every declared key has a text in every language, and the messages
 * `pickMessages` ships in every language hold exactly those keys (with their plural forms).
 */
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the computed calls are quoted as the scan reports them, `${…}` included
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AD_DASHBOARD_KEYS,
  ADSTERRA_TEST_KEYS,
  MODAL_AD_TEST_KEYS,
} from '../../../src/components/admin/ad-island-keys.ts';
import { OFFERS_CONSOLE_KEYS } from '../../../src/components/admin/console-keys.ts';
import { BRANDS_VIEW_KEYS, OFFER_LIST_KEYS } from '../../../src/components/brands/keys.ts';
import { CATEGORIES_VIEW_KEYS } from '../../../src/components/categories/keys.ts';
import { COUPONS_LISTING_KEYS } from '../../../src/components/coupons/keys.ts';
import { DEAL_GRID_KEYS, DEALS_LISTING_KEYS } from '../../../src/components/deals/keys.ts';
import { HOME_CONTENT_KEYS } from '../../../src/components/home/keys.ts';
import { MODAL_KEYS } from '../../../src/components/modals/keys.ts';
import { SEARCH_BOX_KEYS, SEARCH_RESULTS_KEYS } from '../../../src/components/search/keys.ts';
import { UI_LANGUAGES } from '../../../src/config/schema.ts';
import { getResources } from '../../../src/i18n/index.ts';
import { pickMessages } from '../../../src/i18n/island-keys.ts';
import { PLURAL_SUFFIX, ROOT, tree, usedKeys } from './key-scan.ts';

/**
 * Modules whose `t` is no translation: the API reply's text picker (`const t = textIn(lang)`, a
 * catalog text in a language), checked below to import no translation.
 */
const NOT_TRANSLATIONS = ['src/sources/http/reply-language.ts'];

type Island = {
  name: string;
  entry: string;
  keys: readonly string[];
  /** The calls whose key is computed, each accounting for some of the declared keys. */
  dynamic?: string[];
  /** Where the island's messages are built, and the call that builds them. */
  pages: string[];
  call: string;
};

const ISLANDS: Island[] = [
  {
    name: 'BrandsView',
    entry: 'src/components/brands/BrandsView.tsx',
    keys: BRANDS_VIEW_KEYS,
    pages: ['src/pages/[...lang]/brands.astro'],
    call: 'pickMessages(lang, BRANDS_VIEW_KEYS)',
  },
  {
    name: 'CategoriesView',
    entry: 'src/components/categories/CategoriesView.tsx',
    keys: CATEGORIES_VIEW_KEYS,
    pages: ['src/pages/[...lang]/categories.astro'],
    call: 'pickMessages(lang, CATEGORIES_VIEW_KEYS)',
  },
  {
    name: 'ModalRoot',
    entry: 'src/components/modals/ModalRoot.tsx',
    keys: MODAL_KEYS,
    pages: [
      'src/pages/[...lang]/index.astro',
      'src/pages/[...lang]/coupons.astro',
      'src/pages/[...lang]/deals.astro',
      'src/pages/[...lang]/search.astro',
      'src/pages/[...lang]/categories/[slug].astro',
      'src/components/brands/BrandPage.astro',
    ],
    call: 'pickMessages(lang, MODAL_KEYS)',
  },
  {
    name: 'CouponsListing',
    entry: 'src/components/coupons/CouponsListing.tsx',
    keys: COUPONS_LISTING_KEYS,
    dynamic: [
      'src/components/coupons/CouponsListing.tsx: t(`coupons:sort.${v}`)',
      'src/components/coupons/CouponsListing.tsx: t(`coupons:filters.${v}`)',
    ],
    pages: ['src/pages/[...lang]/coupons.astro'],
    call: 'pickMessages(lang, COUPONS_LISTING_KEYS)',
  },
  {
    name: 'DealGrid',
    entry: 'src/components/deals/DealGrid.tsx',
    keys: DEAL_GRID_KEYS,
    pages: ['src/pages/[...lang]/deals.astro'],
    call: 'pickMessages(lang, DEAL_GRID_KEYS)',
  },
  {
    name: 'DealsListing',
    entry: 'src/components/deals/DealsListing.tsx',
    keys: DEALS_LISTING_KEYS,
    dynamic: ['src/components/deals/DealsListing.tsx: t(`deals:sort.${s}`)'],
    pages: ['src/pages/[...lang]/deals.astro'],
    call: 'pickMessages(lang, DEALS_LISTING_KEYS)',
  },
  {
    name: 'SearchResults',
    entry: 'src/components/search/SearchResults.tsx',
    keys: SEARCH_RESULTS_KEYS,
    dynamic: ['src/components/search/ResultTabs.tsx: t(`search:tabs.${name}`)'],
    pages: ['src/pages/[...lang]/search.astro'],
    call: 'pickMessages(lang, SEARCH_RESULTS_KEYS)',
  },
  {
    name: 'SearchBox (header, mount-search-box)',
    entry: 'src/components/search/mount-search-box.tsx',
    keys: SEARCH_BOX_KEYS,
    dynamic: [
      'src/components/search/SuggestionGroups.tsx: t(GROUP_LABEL[group.type])',
      'src/components/search/SuggestionGroups.tsx: t(`search:box.type.${s.type}`)',
    ],
    pages: ['src/components/layout/SearchSlot.astro'],
    call: 'pickMessages(lang, SEARCH_BOX_KEYS)',
  },
  {
    name: 'HomeContent',
    entry: 'src/components/home/HomeContent.tsx',
    keys: HOME_CONTENT_KEYS,
    dynamic: ['src/components/home/HomeContent.tsx: t(`home:stats.${key}`)'],
    pages: ['src/pages/[...lang]/index.astro'],
    call: 'pickMessages(lang, HOME_CONTENT_KEYS)',
  },
  {
    name: 'OfferList',
    entry: 'src/components/brands/OfferList.tsx',
    keys: OFFER_LIST_KEYS,
    dynamic: [
      "src/components/brands/OfferList.tsx: t(props.kind === 'coupons' ? 'brands:offers.showingCoupons' : 'brands:offers.showingDeals')",
    ],
    pages: ['src/page-models/owner-page.ts'],
    call: 'pickMessages(lang, OFFER_LIST_KEYS)',
  },
  {
    name: 'AdDashboard',
    entry: 'src/components/admin/AdDashboard.tsx',
    keys: AD_DASHBOARD_KEYS,
    dynamic: [
      'src/components/admin/AdDashboard.tsx: t(`admin:range.${range}`)',
      'src/components/admin/AdDashboard.tsx: t(`admin:range.${r}`)',
      'src/components/admin/AdDashboard.tsx: t(`admin:range.${range}.note`)',
      'src/components/admin/AdDashboard.tsx: t(`admin:col.${k}`)',
      'src/components/admin/AdDashboard.tsx: t(`admin:col.${c}`)',
      'src/components/admin/CampaignTable.tsx: t(`sponsored:dashboard.col.${c}`)',
      'src/components/admin/CampaignTable.tsx: t(`sponsored:dashboard.status.${r.status}`)',
      'src/components/admin/ServerFigures.tsx: t(`admin:col.${c}`)',
    ],
    pages: ['src/pages/[...lang]/admin/ad-dashboard.astro'],
    call: 'pickMessages(lang, AD_DASHBOARD_KEYS)',
  },
  {
    name: 'AdsterraTest',
    entry: 'src/components/admin/AdsterraTest.tsx',
    keys: ADSTERRA_TEST_KEYS,
    dynamic: [
      'src/components/admin/AdsterraTest.tsx: t(`adtest:adsterra.type.${f}`)',
      'src/components/admin/AdsterraTest.tsx: t(`adtest:adsterra.state.${s.state}`)',
      'src/components/admin/AdsterraTest.tsx: t(`adtest:adsterra.type.${type}`)',
      'src/components/admin/AdsterraTest.tsx: t(`adtest:adsterra.describe.${type}`)',
    ],
    pages: ['src/pages/[...lang]/test/adsterra.astro'],
    call: 'pickMessages(lang, ADSTERRA_TEST_KEYS)',
  },
  {
    name: 'ModalAdTest',
    entry: 'src/components/admin/ModalAdTest.tsx',
    keys: MODAL_AD_TEST_KEYS,
    dynamic: [
      'src/components/admin/ModalAdTest.tsx: t(`sponsored:modalTest.scenario.${id}`)',
      'src/components/admin/ModalAdTest.tsx: t(`adtest:modal.scenario.${id}`)',
      'src/components/admin/ModalAdTest.tsx: t(`adtest:modal.scenario.${s.id}`)',
      'src/components/admin/ModalAdTest.tsx: t(`sponsored:modalTest.scenario.${s.id}`)',
      'src/components/admin/ModalAdTest.tsx: t(`adtest:modal.col.${c}`)',
      'src/components/admin/ModalAdTest.tsx: t(`sponsored:modalTest.col.${c}`)',
      'src/components/admin/ModalAdTest.tsx: t(`adtest:modal.position.${r.placement.position}`)',
    ],
    pages: ['src/pages/[...lang]/test/modal-ad.astro'],
    call: 'pickMessages(lang, MODAL_AD_TEST_KEYS)',
  },
  {
    name: 'OffersConsole',
    entry: 'src/components/admin/OffersConsole.tsx',
    keys: OFFERS_CONSOLE_KEYS,
    pages: ['src/pages/[...lang]/admin/offers.astro'],
    call: 'pickMessages(lang, OFFERS_CONSOLE_KEYS)',
  },
];

/** Files still building an island's messages from whole namespaces (none: every island is shipped by key). */
const REMAINING: string[] = [];

/** Whether a declared key is one a computed call can produce. */
function accountedFor(key: string, call: string): boolean {
  const [file, expr] = call.split(': ') as [string, string];
  const template = /^t\(`([^`$]*)\$\{/.exec(expr);
  if (template) return key.startsWith(template[1] as string);
  return readFileSync(resolve(ROOT, file), 'utf8').includes(`'${key}'`);
}

describe('island i18n keys', () => {
  for (const island of ISLANDS) {
    it(`${island.name}: the declared keys are exactly the keys its components translate`, () => {
      const { keys, dynamic } = usedKeys(tree(island.entry));
      const computed = [
        ...new Set(dynamic.filter((call) => !NOT_TRANSLATIONS.includes(call.split(': ')[0] as string))),
      ];
      expect(computed.sort(), 'calls whose key is computed').toEqual([...(island.dynamic ?? [])].sort());
      const declared = new Set(island.keys);
      expect(declared.size, 'a key declared twice').toBe(island.keys.length);
      const missing = [...keys].filter((k) => !declared.has(k));
      expect(missing, 'used but not shipped (would render raw)').toEqual([]);
      const extra = [...declared].filter((k) => !keys.has(k));
      const unexplained = extra.filter((k) => !computed.some((call) => accountedFor(k, call)));
      expect(unexplained, 'shipped but never rendered').toEqual([]);
      for (const call of computed)
        expect(
          extra.some((k) => accountedFor(k, call)),
          `${call}: none of the declared keys is one it can produce`,
        ).toBe(true);
    });

    it(`${island.name}: every declared key has a text in every language`, () => {
      for (const lang of UI_LANGUAGES) {
        const all = getResources(lang, [...new Set(island.keys.map((k) => k.split(':')[0] as string))]);
        const absent = island.keys.filter((full) => {
          const [ns, key] = full.split(':') as [string, string];
          const texts = all[ns] ?? {};
          return !(key in texts || `${key}_other` in texts);
        });
        expect(absent, lang).toEqual([]);
      }
    });

    it(`${island.name}: every language ships exactly the declared keys (and their plural forms)`, () => {
      for (const lang of UI_LANGUAGES) {
        const shipped = pickMessages(lang, island.keys);
        const shippedBases = new Set(
          Object.entries(shipped).flatMap(([ns, messages]) =>
            Object.keys(messages).map((k) => `${ns}:${k.replace(PLURAL_SUFFIX, '')}`),
          ),
        );
        expect([...shippedBases].sort(), lang).toEqual([...new Set(island.keys)].sort());
      }
    });

    it(`${island.name}: its page builds the island's messages from the declared keys`, () => {
      for (const page of island.pages) expect(readFileSync(resolve(ROOT, page), 'utf8'), page).toContain(island.call);
    });
  }

  it('no page builds island messages from whole namespaces', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(resolve(ROOT, dir), { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) walk(path);
        else if (/\.(astro|ts|tsx)$/.test(e.name)) files.push(path);
      }
    };
    for (const dir of ['src/pages', 'src/layouts', 'src/components', 'src/page-models']) walk(dir);
    const whole = files.filter((f) =>
      /data\.strings\(|islandMessages\(lang,|messages=\{getResources\(/.test(readFileSync(resolve(ROOT, f), 'utf8')),
    );
    expect(whole.sort()).toEqual([...REMAINING].sort());
  });

  it('the modules whose `t` is no translation translate nothing', () => {
    for (const file of NOT_TRANSLATIONS) {
      const source = readFileSync(resolve(ROOT, file), 'utf8');
      expect(source, file).toMatch(/const t = textIn\(/);
      expect(source, file).not.toMatch(/i18n|createTranslator|TFunction/);
    }
  });

  it('pickMessages leaves out the keys of a namespace the island does not render', () => {
    const shipped = pickMessages('de', BRANDS_VIEW_KEYS);
    expect(Object.keys(shipped.common ?? {}).every((k) => k.startsWith('errorBoundary.'))).toBe(true);
    expect(shipped.brands?.['page.total_other']).toBeUndefined();
    expect(shipped.brands?.['card.coupons_other']).toBeTruthy();
  });
});
