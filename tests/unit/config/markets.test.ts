import { describe, expect, it } from 'vitest';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from './helpers.ts';

const MARKETS = { en: ['GB', 'US'], es: ['ES', 'MX'], fr: ['FR', 'BE'], de: ['DE', 'AT', 'CH'] };

/** Site config `markets` (issue 39): the countries each language serves. */
describe('markets', () => {
  it('is optional (every language serves every country) and accepted as in the docs example', () => {
    const plain = validateSiteConfig(defaultConfig());
    expect(plain.ok && plain.config.markets).toBeUndefined();
    const c = defaultConfig();
    c.markets = MARKETS;
    const r = validateSiteConfig(c);
    expect(r.ok && r.config.markets).toEqual(MARKETS);
  });

  it('names the JSON path of a bad country code, an empty market and a language the site does not serve', () => {
    const c = defaultConfig();
    c.site.supportedLanguages = ['en', 'es', 'de'];
    c.markets = { en: ['GB', 'uk'], es: [], fr: ['FR'] };
    const r = validateSiteConfig(c);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byPath = Object.fromEntries(r.problems.map((p) => [p.path, p.message]));
    expect(byPath['markets.en[1]']).toMatch(/"uk" is not an ISO 3166-1 alpha-2 country code/);
    expect(byPath['markets.es']).toMatch(/at least 1 country/);
    expect(byPath['markets.fr']).toMatch(
      /Language "fr" has a market but is not one of supportedLanguages \(en, es, de\)/,
    );
  });
});
