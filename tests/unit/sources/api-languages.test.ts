/**
 * API mode in the shopper's language (issue 24, docs/operators.md "API contract: languages"):
 * the client asks every read in a language (`lang` + Accept-Language); the wire schemas take a
 * text as a string or a per-language object (unknown language keys dropped, the item kept) and an
 * item's own `"lang"`; the HTTP source resolves replies to the page's language with the catalog's
 * per-entity rule; the build's pull merges one pull per language into a LocalizedCatalog.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApiServer, startApiServer } from '../../../scripts/lib/api-server/server.ts';
import { createApiClient } from '../../../src/api/client.ts';
import { localizeCatalog } from '../../../src/catalog/localize-catalog.ts';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { fetchCatalog, mergeText } from '../../../src/sources/http/fetch-catalog.ts';
import { createHttpSource } from '../../../src/sources/http/source.ts';
import {
  rawBrandSchema,
  rawCategorySchema,
  rawCouponSchema,
  rawSuggestionSchema,
} from '../../../src/sources/http/wire.ts';
import { languagesCatalog } from '../../fixtures/catalogs/languages.ts';

describe('the client asks in a language', () => {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fakeFetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: init?.headers as Record<string, string> });
    return new Response(JSON.stringify({ success: true, data: [] }), { status: 200 });
  };
  const client = (lang?: string | (() => string)) =>
    createApiClient({
      baseUrl: 'https://api.example',
      siteId: 's',
      fetch: fakeFetch,
      getToken: () => null,
      ...(lang ? { lang } : {}),
    });

  it('every GET carries lang=<code> and Accept-Language: <code>; a call can ask another language', async () => {
    calls.length = 0;
    let page = 'es';
    const c = client(() => page);
    await c.get('/coupons', { page: 2 });
    page = 'de';
    await c.get('/brands');
    await c.get('/deals', undefined, { lang: 'fr' });
    expect(calls.map((x) => x.url)).toEqual([
      'https://api.example/api/coupons?page=2&lang=es',
      'https://api.example/api/brands?lang=de',
      'https://api.example/api/deals?lang=fr',
    ]);
    expect(calls.map((x) => x.headers['Accept-Language'])).toEqual(['es', 'de', 'fr']);
  });

  it('no language, or something that is not a language tag: neither is sent; POSTs carry none', async () => {
    calls.length = 0;
    await client().get('/coupons');
    await client(() => 'es\r\nX-Evil: 1').get('/coupons');
    await client('es').post('/contact', {});
    expect(calls.map((x) => x.url)).toEqual([
      'https://api.example/api/coupons',
      'https://api.example/api/coupons',
      'https://api.example/api/contact',
    ]);
    expect(calls.every((x) => !('Accept-Language' in x.headers))).toBe(true);
  });
});

describe('wire texts: a string or a per-language object', () => {
  const coupon = { id: 1, name: 'x', brand: { id: 2, name: 'Acme' } };
  it('keeps strings and objects; trims; an item says the language of its plain texts', () => {
    expect(rawCategorySchema.parse({ id: 1, name: ' Electrónica ', lang: 'es' })).toMatchObject({
      name: 'Electrónica',
      lang: 'es',
    });
    expect(rawCouponSchema.parse({ ...coupon, name: { en: '20% off', es: '20 % de descuento' } }).name).toEqual({
      en: '20% off',
      es: '20 % de descuento',
    });
    // An unknown item language is ignored (its texts are then the language asked for).
    expect(rawCategorySchema.parse({ id: 1, name: 'x', lang: 'klingon' })).not.toHaveProperty('lang');
  });

  it('drops unknown language keys and keeps the item; a regional key stands for its language', () => {
    const parsed = rawCouponSchema.parse({
      ...coupon,
      name: { it: 'Sconto', 'pt-BR': 'Desconto', 'es-MX': 'Descuento', de: 'Rabatt', fr: 42 },
      description: { xx: 'only unknown' },
    });
    expect(parsed.name).toEqual({ es: 'Descuento', de: 'Rabatt' });
    expect(parsed.description).toBe('');
  });

  it('a required text with no known language left drops the item (a reason names the field)', () => {
    const r = rawCouponSchema.safeParse({ ...coupon, name: { it: 'Sconto' } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['name'], message: 'name or title is required' });
    expect(rawBrandSchema.safeParse({ id: 3, name: {} }).success).toBe(false);
  });

  it('nested refs and suggestions take objects and their own lang too', () => {
    const parsed = rawCouponSchema.parse({ ...coupon, category: { id: 5, name: { es: 'Cocina' }, lang: 'es' } });
    expect(parsed.category).toMatchObject({ name: { es: 'Cocina' }, lang: 'es', slug: 'cocina' });
    expect(
      rawSuggestionSchema.parse({ id: 1, type: 'deal', title: { de: 'Angebot' }, subtitle: 'Acme' }),
    ).toMatchObject({
      title: { de: 'Angebot' },
      subtitle: 'Acme',
    });
  });
});

describe('the HTTP source in the page language', () => {
  let api: RunningApiServer;
  beforeAll(async () => {
    api = await startApiServer({ port: 0, catalog: languagesCatalog(), now: new Date('2026-11-20T12:00:00Z') });
  });
  afterAll(() => api.close());
  const source = (lang: 'en' | 'es' | 'fr' | 'de') =>
    createHttpSource(createApiClient({ baseUrl: api.url, siteId: 's', getToken: () => null }), {
      language: { lang, defaultLang: 'en' },
      warn: () => {},
    });

  it('asks in the page language and shows its texts; a reply item marked "lang" keeps the mark', async () => {
    api.state.requests.length = 0;
    const page = await source('es').coupons.list();
    expect(api.state.requests.at(-1)!.url).toMatch(/[?&]lang=es\b/);
    expect(page.items.find((c) => c.id === 9101)).toMatchObject({
      name: '15 % de descuento en sartenes de cobre',
      category: { name: 'Cocina' },
    });
    expect(page.items.find((c) => c.id === 9101)).not.toHaveProperty('lang');
    expect(page.items.find((c) => c.id === 9102)).toMatchObject({ name: 'Free shipping on garden tools', lang: 'en' });
  });

  it('what static pages show for the same language, item for item (one rule, not two)', async () => {
    const fromApi = await source('fr').coupons.list();
    const built = localizeCatalog(languagesCatalog(), { lang: 'fr', defaultLang: 'en' }).catalog.coupons;
    for (const c of fromApi.items) {
      const b = built.find((x) => x.id === c.id)!;
      expect({ name: c.name, description: c.description, lang: c.lang }).toEqual({
        name: b.name,
        description: b.description,
        lang: b.lang,
      });
    }
    expect(await source('de').trending()).toEqual(['Kupferpfannen']);
    const suggestions = await source('de').suggestions('kupfer');
    expect(suggestions.map((s) => s.title)).toContain('15 % Rabatt auf Kupferpfannen');
  });
});

describe('per-language reply objects resolved by the same rule', () => {
  it('objects go to the page language; a reply in French only is marked fr, not passed off as Spanish', async () => {
    const reply = [
      { id: 1, name: { en: 'Pans', es: 'Sartenes' }, description: { en: 'All pans', es: 'Todas las sartenes' } },
      { id: 2, name: { en: 'Knives', es: 'Cuchillos' }, description: { en: 'Sharp' } },
      { id: 3, name: 'Couteaux', description: 'Bien aiguisés', lang: 'fr' },
    ];
    const fetch = async () => new Response(JSON.stringify({ success: true, data: reply }));
    const client = createApiClient({ baseUrl: 'https://api.example', siteId: 's', fetch, getToken: () => null });
    const list = await createHttpSource(client, { language: { lang: 'es', defaultLang: 'en' } }).categories.list();
    expect(list.map((c) => [c.name, c.description, c.lang])).toEqual([
      ['Sartenes', 'Todas las sartenes', undefined],
      ['Knives', 'Sharp', 'en'],
      ['Couteaux', 'Bien aiguisés', 'fr'],
    ]);
  });
});

describe("the build's pull: every language of the site", () => {
  let api: RunningApiServer;
  beforeAll(async () => {
    api = await startApiServer({ port: 0, catalog: languagesCatalog(), now: new Date('2026-11-20T12:00:00Z') });
  });
  afterAll(() => api.close());
  const client = () => createApiClient({ baseUrl: api.url, siteId: 's', getToken: () => null });

  it('one pull per language from an API that answers plain strings, merged into per-language texts', async () => {
    api.state.requests.length = 0;
    const fetched = await fetchCatalog(client(), {
      retries: 0,
      languages: { defaultLanguage: 'en', supported: ['en', 'es', 'fr', 'de'] },
    });
    expect(fetched.pulled).toEqual(['en', 'es', 'fr', 'de']);
    const langs = new Set(api.state.requests.map((r) => new URL(r.url, api.url).searchParams.get('lang')));
    expect(langs).toEqual(new Set(['en', 'es', 'fr', 'de']));
    const original = languagesCatalog();
    const coupon = (id: number) => fetched.catalog.coupons.find((c) => c.id === id)!;
    expect(coupon(9101).name).toEqual(original.coupons[0]!.name);
    // English only: every other pull fell back (marked en), so it stays one English text.
    expect(coupon(9102).name).toBe('Free shipping on garden tools');
    expect(coupon(9103).description).toEqual({ en: 'On orders over $60.', es: 'En pedidos de más de 60 US$.' });
    expect(fetched.catalog.brands.find((b) => b.id === 801)!.name).toBe('Olla Roja');
    expect(fetched.catalog.categories.find((c) => c.id === 401)!.name).toEqual(original.categories[0]!.name);
    expect(fetched.catalog.trending).toEqual(
      expect.arrayContaining([{ es: 'sartenes de cobre' }, { de: 'Kupferpfannen' }, { en: 'garden' }]),
    );
    // What the pages then show: the same as from the catalog itself.
    const shown = (catalog: typeof original, lang: 'es' | 'fr' | 'de') =>
      localizeCatalog(catalog, { lang, defaultLang: 'en' })
        .catalog.coupons.map((c) => [c.id, c.name, c.description, c.lang])
        .sort((a, b) => Number(a[0]) - Number(b[0]));
    for (const lang of ['es', 'fr', 'de'] as const) expect(shown(fetched.catalog, lang)).toEqual(shown(original, lang));
    expect(parseCatalog(fetched.catalog).ok).toBe(true);
  });

  it('a single-language site pulls once, with plain strings as before', async () => {
    const fetched = await fetchCatalog(client(), { retries: 0 });
    expect(fetched.pulled).toEqual(['en']);
    expect(fetched.catalog.coupons.find((c) => c.id === 9101)!.name).toBe('15% off copper pans');
  });

  it('an API that answers per-language objects costs one pull', async () => {
    const exported = (await (await fetch(`${api.url}/api/catalog`)).json()) as {
      data: ReturnType<typeof languagesCatalog>;
    };
    const lists: Record<string, unknown[]> = {
      '/api/categories': exported.data.categories,
      '/api/brands': exported.data.brands,
      '/api/coupons': exported.data.coupons,
      '/api/deals': exported.data.deals,
      '/api/search/trending': exported.data.trending,
    };
    const asked: string[] = [];
    const fakeFetch = async (url: string) => {
      const u = new URL(url);
      asked.push(u.searchParams.get('lang') ?? '');
      const brand = /^\/api\/brands\/(\d+)$/.exec(u.pathname);
      if (brand)
        return Response.json({ success: true, data: exported.data.brands.find((b) => b.id === Number(brand[1])) });
      if (u.pathname === '/api/home/stats') return Response.json({ success: true, data: exported.data.stats });
      const data = lists[u.pathname] ?? [];
      return Response.json({ success: true, data, pagination: { page: 1, size: 100, total: data.length } });
    };
    const c = createApiClient({ baseUrl: 'https://api.example', siteId: 's', getToken: () => null, fetch: fakeFetch });
    const fetched = await fetchCatalog(c, {
      retries: 0,
      languages: { defaultLanguage: 'en', supported: ['en', 'es'] },
    });
    expect(fetched.pulled).toEqual(['en']);
    expect(new Set(asked)).toEqual(new Set(['en']));
    expect(fetched.catalog.coupons.find((x) => x.id === 9103)!.name).toEqual(languagesCatalog().coupons[2]!.name);
  });

  it("mergeText: a language's own pull wins over another pull's fallback; default-only collapses to a string", () => {
    expect(
      mergeText(
        [
          { lang: 'en', value: { en: 'Pans' } },
          { lang: 'es', value: { en: 'Pans (fallback)' } },
          { lang: 'es', value: { es: 'Sartenes' } },
        ],
        'en',
      ),
    ).toEqual({ en: 'Pans', es: 'Sartenes' });
    expect(
      mergeText(
        [
          { lang: 'es', value: { en: 'Pans' } },
          { lang: 'en', value: { en: 'Pans!' } },
        ],
        'en',
      ),
    ).toBe('Pans!');
    expect(
      mergeText(
        [
          { lang: 'en', value: 'Acme' },
          { lang: 'de', value: 'Acme' },
        ],
        'en',
        true,
      ),
    ).toBe('Acme');
    expect(
      mergeText(
        [
          { lang: 'en', value: 'Acme' },
          { lang: 'de', value: 'Akme' },
        ],
        'en',
        true,
      ),
    ).toEqual({
      en: 'Acme',
      de: 'Akme',
    });
  });
});
