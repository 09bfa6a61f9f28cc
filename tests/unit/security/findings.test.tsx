/**
 * Issue 16 "Found": one test per finding, each failing on the code before the fix.
 * (The long-names finding is a browser test: tests/e2e/hostile/header.spec.ts.)
 */

import type { TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient, resetTokenWarning } from '../../../src/api/client.ts';
import { catalogSchema, parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { cssColor } from '../../../src/catalog/refinements.ts';
import { createSampleCatalog } from '../../../src/catalog/sample.ts';
import type { Catalog, Category } from '../../../src/catalog/schemas.ts';
import { CategoryCard } from '../../../src/components/categories/CategoryCard.tsx';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { rawCategorySchema } from '../../../src/sources/http/wire.ts';
import { localStore } from '../../../src/storage/stores.ts';
import { defaultConfig } from '../config/helpers.ts';

const CSS_PAYLOAD = 'red;background-image:url(https://evil.example/css1);position:fixed';
const t = ((key: string) => key) as unknown as TFunction;

/** The sample catalog as JSON (what an operator's catalog file looks like), with a change. */
function catalogFile(change: (c: Catalog) => void): unknown {
  // Through JSON first: the sample shares nested objects, a file does not.
  const c = JSON.parse(JSON.stringify(createSampleCatalog(new Date('2026-05-01T00:00:00Z')))) as Catalog;
  change(c);
  return c;
}

describe('CSS injection from a catalog file (category.color)', () => {
  it('a catalog file category with a CSS payload colour is left out, not served', () => {
    const file = catalogFile((c) => {
      c.categories[0]!.color = CSS_PAYLOAD;
    });
    const parsed = catalogSchema.safeParse(file);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.categories.map((c) => c.color)).not.toContain(CSS_PAYLOAD);
    expect(parsed.data?.categories.every((c) => /^#[0-9a-fA-F]{6}$/.test(c.color))).toBe(true);
  });

  it('the nested category colour of a coupon or deal is checked the same way', () => {
    const file = catalogFile((c) => {
      c.coupons[0]!.category!.color = CSS_PAYLOAD;
      c.deals[0]!.category!.color = CSS_PAYLOAD;
    });
    const result = parseCatalog(file);
    expect(result.ok && result.catalog.coupons.some((x) => x.category?.color === CSS_PAYLOAD)).toBe(false);
    expect(result.ok && result.catalog.deals.some((x) => x.category?.color === CSS_PAYLOAD)).toBe(false);
    expect(result.problems.map((p) => `${p.entity} ${p.field}`)).toEqual([
      'coupon category.color',
      'deal category.color',
    ]);
  });

  it('the API wire path uses the same rule (default colour instead of the payload)', () => {
    expect(rawCategorySchema.parse({ id: 1, name: 'x', color: CSS_PAYLOAD }).color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('the category card never writes a non-#RRGGBB colour into its style (sink check)', () => {
    const category = {
      id: 1,
      slug: 'x',
      name: 'X',
      description: '',
      icon: '🏷️',
      color: CSS_PAYLOAD,
      totalCoupons: 0,
      totalDeals: 0,
      featured: false,
      createdAt: null,
      updatedAt: null,
    } as Category;
    const html = renderToString(<CategoryCard category={category} href="/categories/x" t={t} />);
    expect(html).not.toContain('url(');
    expect(html).not.toContain('position:fixed');
    expect(html).toContain('var(--site-primary)');
    expect(cssColor('#2563eb', 'x')).toBe('#2563eb');
    for (const bad of [CSS_PAYLOAD, '#2563eb;x:y', 'url(a)', '', null, 12]) expect(cssColor(bad, 'fb')).toBe('fb');
  });
});

describe('slugs that break the build', () => {
  const BAD = ['a/b', '../escape', '%2e%2e', '', '..', 'x%2Fy'];

  it.each(BAD)('a category or brand slug %j is rejected with the entity and field named', (slug) => {
    const file = catalogFile((c) => {
      c.categories[1]!.slug = slug;
      c.brands[2]!.slug = slug;
    });
    const result = parseCatalog(file);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.catalog.categories.map((c) => c.slug)).not.toContain(slug);
    expect(result.catalog.brands.map((b) => b.slug)).not.toContain(slug);
    expect(result.problems.map((p) => [p.path, p.entity, p.field])).toEqual([
      ['categories[1].slug', 'category', 'slug'],
      ['brands[2].slug', 'brand', 'slug'],
    ]);
    expect(result.problems[0]?.message).toMatch(/Slug may only contain lowercase letters, digits and single hyphens/);
    // Everything else is still there: one bad record never stops a build.
    expect(result.catalog.brands).toHaveLength(49);
  });

  it('the wire path derives a safe slug instead', () => {
    for (const slug of BAD) {
      const c = rawCategorySchema.parse({ id: 7, name: 'Home & Garden', slug });
      expect(c.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
    expect(rawCategorySchema.parse({ id: 7, name: '%%%', slug: '../..' }).slug).toBe('7');
  });
});

describe('config links, share image and analytics id', () => {
  function problemAt(mutate: (c: ReturnType<typeof defaultConfig>) => void, path: string) {
    const c = defaultConfig();
    mutate(c);
    const r = validateSiteConfig(c);
    return r.ok ? undefined : r.problems.find((p) => p.path === path)?.message;
  }

  it.each(['//evil.example', '/\\evil.example', '/\\/evil.example', ' /coupons', '/coupons\n'])(
    'a navigation or footer link %j is rejected, naming the JSON path',
    (href) => {
      expect(
        problemAt((c) => {
          c.content.navigation[1]!.href = href;
        }, 'content.navigation[1].href'),
      ).toMatch(/Link must be a path on this site starting with a single "\/"/);
      expect(
        problemAt((c) => {
          c.content.footer.sections[0]!.links[0]!.href = href;
        }, 'content.footer.sections[0].links[0].href'),
      ).toMatch(/Link must be/);
    },
  );

  it('site paths, http(s) and mailto links still pass', () => {
    for (const href of ['/', '/coupons', 'https://shop.example/x?y=1', 'mailto:hello@couponsaver.example'])
      expect(
        problemAt((c) => {
          c.content.navigation[1]!.href = href;
        }, 'content.navigation[1].href'),
      ).toBeUndefined();
  });

  it('seo.ogImage needs a leading slash', () => {
    for (const bad of ['og-image.svg', '//evil.example/og.png', 'https://cdn.example/og.png'])
      expect(
        problemAt((c) => {
          c.seo.ogImage = bad;
        }, 'seo.ogImage'),
      ).toMatch(/Share image must be a path on this site starting with a single "\/"/);
  });

  it('the analytics tracking id is checked as a whole, not only its start', () => {
    for (const bad of ['G-ABC"><script>', 'UA-1234-1 extra', 'GT-', 'G-abc'])
      expect(
        problemAt((c) => {
          c.analytics = { googleAnalytics: { enabled: true, trackingId: bad } };
        }, 'analytics.googleAnalytics.trackingId'),
      ).toMatch(/Analytics tracking ID must/);
  });
});

describe('a stored auth_token with CR/LF', () => {
  let server: RunningApiServer;
  beforeAll(async () => {
    server = await startApiServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetTokenWarning();
  });

  it('is dropped once with a warning, and every call still works', async () => {
    const store = new Map([['auth_token', 'abc\r\nX-Injected: 1']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      removeItem: (k: string) => store.delete(k),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createApiClient({ baseUrl: server.url, siteId: 'default', tokenStore: localStore });
    const first = await client.get('/search', { q: 'off' });
    expect(first.success).toBe(true);
    expect(server.state.requests.at(-1)?.authorization).toBeNull();
    expect(store.has('auth_token')).toBe(false);
    expect((await client.get('/categories')).success).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/auth_token/);
  });

  it('a valid token is still sent', async () => {
    vi.stubGlobal('localStorage', { getItem: () => 'eyJhbGciOi.J9-_~+/x==', removeItem: () => {} });
    await createApiClient({ baseUrl: server.url, siteId: 'default', tokenStore: localStore }).get('/home/stats');
    expect(server.state.requests.at(-1)?.authorization).toBe('Bearer eyJhbGciOi.J9-_~+/x==');
  });
});
