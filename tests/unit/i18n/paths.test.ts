import { describe, expect, it } from 'vitest';
import { absoluteUrl, localizePath, splitLocale } from '../../../src/i18n/paths.ts';

describe('localized paths', () => {
  it('leaves the default language unprefixed and prefixes the others', () => {
    expect(localizePath('/coupons', 'en', 'en')).toBe('/coupons');
    expect(localizePath('/coupons', 'es', 'en')).toBe('/es/coupons');
    expect(localizePath('/', 'de', 'en')).toBe('/de');
    expect(localizePath('/', 'en', 'en')).toBe('/');
    expect(localizePath('brands/acme', 'fr', 'en')).toBe('/fr/brands/acme');
  });
  it('splits a pathname into language and path', () => {
    const langs = ['en', 'es', 'fr', 'de'];
    expect(splitLocale('/es/coupons', langs, 'en')).toEqual({ lang: 'es', path: '/coupons' });
    expect(splitLocale('/de', langs, 'en')).toEqual({ lang: 'de', path: '/' });
    expect(splitLocale('/coupons', langs, 'en')).toEqual({ lang: 'en', path: '/coupons' });
    // Unsupported or look-alike prefixes stay part of the path.
    expect(splitLocale('/it/coupons', langs, 'en')).toEqual({ lang: 'en', path: '/it/coupons' });
    expect(splitLocale('/esx', langs, 'en')).toEqual({ lang: 'en', path: '/esx' });
  });
  it('builds absolute URLs without trailing slashes except the root', () => {
    expect(absoluteUrl('https://x.example/', '/')).toBe('https://x.example/');
    expect(absoluteUrl('https://x.example', '/es/deals')).toBe('https://x.example/es/deals');
  });
});
