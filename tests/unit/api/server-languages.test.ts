/**
 * The reference API in the shopper's language (issue 24, docs/operators.md "API contract:
 * languages"): each request is answered in its `lang`, else its Accept-Language, else English;
 * an item with no translation says which language it is in (`"lang"`); GET /api/catalog holds
 * every language as per-language objects. Over the small localized fixture catalog, not the sample.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWED_HEADERS,
  acceptedLanguages,
  type RunningApiServer,
  requestLanguage,
  startApiServer,
} from '../../../scripts/lib/api-server/server.ts';
import { parseCatalog } from '../../../src/catalog/parse-catalog.ts';
import { languagesCatalog } from '../../fixtures/catalogs/languages.ts';

let server: RunningApiServer;
beforeAll(async () => {
  server = await startApiServer({ port: 0, catalog: languagesCatalog(), now: new Date('2026-11-20T12:00:00Z') });
});
afterAll(() => server.close());

type Item = { id: number; name?: string; title?: string; description: string; lang?: string };
async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api${path}`, { headers });
  return { res, body: (await res.json()) as { data: unknown } };
}
const byId = (items: unknown, id: number) => (items as Item[]).find((i) => i.id === id)!;

describe('reference API: each request in its language', () => {
  it('lang=es: Spanish texts, no mark; an offer with no Spanish is English with "lang": "en"', async () => {
    const { res, body } = await get('/coupons?lang=es');
    expect(res.headers.get('content-language')).toBe('es');
    const spanish = byId(body.data, 9101);
    expect(spanish.name).toBe('15 % de descuento en sartenes de cobre');
    expect(spanish.description).toBe('En todas las sartenes de cobre, sin pedido mínimo.');
    expect(spanish).not.toHaveProperty('lang');
    const fallback = byId(body.data, 9102);
    expect(fallback).toMatchObject({ name: 'Free shipping on garden tools', lang: 'en' });
    // The nested category of the Spanish coupon is in Spanish too.
    expect((spanish as unknown as { category: { name: string } }).category.name).toBe('Cocina');
  });

  it('Accept-Language decides when there is no lang parameter (first catalog language by q)', async () => {
    const fr = await get('/deals', { 'Accept-Language': 'it-IT, fr-CH;q=0.9, de;q=0.8' });
    expect(JSON.stringify(fr.body.data)).toContain('Promo sur les poêles en fonte');
    const de = await get('/categories', { 'Accept-Language': 'fr;q=0.2, de' });
    expect(byId(de.body.data, 401).name).toBe('Küche');
    expect(byId(de.body.data, 402)).toMatchObject({ name: 'Garden', lang: 'en' });
    // The parameter wins over the header.
    const es = await get('/categories/401?lang=es', { 'Accept-Language': 'de' });
    expect((es.body.data as Item).name).toBe('Cocina');
  });

  it('neither: the default language, English, with no marks', async () => {
    const { res, body } = await get('/coupons');
    expect(res.headers.get('content-language')).toBe('en');
    expect((body.data as Item[]).map((c) => c.lang)).toEqual([undefined, undefined, undefined]);
    expect(byId(body.data, 9103).name).toBe('$10 off knife sets');
  });

  it('one entity never mixes languages: an offer with Spanish but no French is all English on fr', async () => {
    const { body } = await get('/coupons/9103?lang=fr');
    expect(body.data).toMatchObject({ name: '$10 off knife sets', description: 'On orders over $60.', lang: 'en' });
  });

  it('search, suggestions and trending answer in the language asked for', async () => {
    const search = await get('/search?q=cobre&lang=es');
    const coupons = (search.body.data as { coupons: { items: Item[] } }).coupons.items;
    expect(coupons.map((c) => c.name)).toEqual(['15 % de descuento en sartenes de cobre']);
    expect((await get('/search?q=cobre&lang=en')).body.data).toMatchObject({ coupons: { items: [] } });
    const suggestions = (await get('/search/suggestions?q=garden&lang=de')).body.data as Item[];
    expect(suggestions.find((s) => s.id === 9102)).toMatchObject({ lang: 'en' });
    expect((await get('/search/trending?lang=de')).body.data).toEqual(['Kupferpfannen']);
    expect((await get('/search/trending?lang=en')).body.data).toEqual(['copper pans', 'garden']);
  });

  it('GET /api/catalog holds every language: texts as per-language objects, a valid catalog file', async () => {
    const { res, body } = await get('/catalog?lang=es');
    expect(res.headers.get('content-language')).toBeNull();
    const catalog = body.data as ReturnType<typeof languagesCatalog>;
    expect(catalog.coupons.find((c) => c.id === 9101)!.name).toEqual(languagesCatalog().coupons[0]!.name);
    // A plain string of the default language becomes { "en": … }; a brand name stays a name.
    const verde = catalog.brands.find((b) => b.id === 802)!;
    expect(verde.description).toEqual({ en: 'Garden tools that last.' });
    expect(verde.name).toBe('Verde Hills');
    expect(JSON.stringify(catalog)).not.toContain('"lang"');
    expect(parseCatalog(catalog)).toMatchObject({ ok: true, dropped: 0 });
  });

  it('CORS allows Accept-Language, and replies vary by it', async () => {
    expect(ALLOWED_HEADERS).toContain('Accept-Language');
    const preflight = await fetch(`${server.url}/api/coupons`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4392',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'accept-language,content-type,x-site-id',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Accept-Language/);
    const { res } = await get('/coupons?lang=es');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });
});

describe('requestLanguage', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('lang parameter, else Accept-Language, else the fallback; regional tags count as their language', () => {
    expect(requestLanguage(q('lang=de'), 'es')).toBe('de');
    expect(requestLanguage(q('lang=DE-at'), undefined)).toBe('de');
    expect(requestLanguage(q('lang=it'), 'pt-BR, es-MX;q=0.5')).toBe('es');
    expect(requestLanguage(q(''), 'es;q=0, fr;q=0.1')).toBe('fr');
    expect(requestLanguage(q(''), '*', 'de')).toBe('de');
    expect(requestLanguage(q(''), undefined)).toBe('en');
  });
  it('orders Accept-Language by q, keeping the written order on ties', () => {
    expect(acceptedLanguages('fr;q=0.5, de, es;q=0.5, it;q=0')).toEqual(['de', 'fr', 'es']);
  });
});
