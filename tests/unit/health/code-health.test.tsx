/**
 * What a card and the code modal say about a code (issue 22): counted votes, "Last worked 2 h
 * ago" by an injected clock, "Reported not working recently", the labelled catalog estimate, and
 * "Verified" with its date in the site's time zone (two zones).
 */
import i18next, { type TFunction } from 'i18next';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getResources } from '../../../src/i18n/index.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const HOUR = 3_600_000;

function translator(lang: string): TFunction {
  const i = i18next.createInstance();
  i.init({
    lng: lang,
    resources: { [lang]: getResources(lang, ['health', 'coupons']) },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i.t;
}

async function load(timezone: string) {
  vi.resetModules();
  vi.doMock('../../../src/config/site-runtime.ts', async () => {
    const real = (await import('../stubs/site-runtime.ts')).default;
    return { siteRuntime: { ...real, timezone } };
  });
  return import('../../../src/components/health/CodeHealth.tsx');
}

afterEach(() => {
  vi.doUnmock('../../../src/config/site-runtime.ts');
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '|')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\|+/g, '|');

describe('CodeHealth', () => {
  it('with votes: "92% of 37 shoppers say it works" and "Last worked 2 hr. ago" by the injected clock', async () => {
    const { CodeHealth } = await load('America/New_York');
    const coupon = {
      votes: { worked: 34, failed: 3 },
      lastWorkedAt: new Date(NOW - 2 * HOUR - 60_000).toISOString(),
      lastFailedAt: null,
      successRate: 86,
    };
    const en = text(renderToString(<CodeHealth coupon={coupon} t={translator('en')} lang="en" now={NOW} />));
    expect(en).toContain('92% of 37 shoppers say it works');
    expect(en).toContain('Last worked 2 hr. ago');
    expect(en).not.toContain('catalog estimate');
    const de = text(renderToString(<CodeHealth coupon={coupon} t={translator('de')} lang="de" now={NOW} />));
    expect(de).toContain('92 % von 37 Käufern sagen, dass er funktioniert');
    expect(de).toContain('Zuletzt funktioniert vor 2 Std.');
  });

  it('one vote reads in the singular; a later clock says a later time', async () => {
    const { CodeHealth } = await load('UTC');
    const coupon = { votes: { worked: 1, failed: 0 }, lastWorkedAt: new Date(NOW).toISOString(), successRate: null };
    const t = translator('en');
    expect(text(renderToString(<CodeHealth coupon={coupon} t={t} lang="en" now={NOW} />))).toContain(
      '100% of 1 shopper says it works|Last worked just now',
    );
    expect(text(renderToString(<CodeHealth coupon={coupon} t={t} lang="en" now={NOW + 26 * HOUR} />))).toContain(
      'Last worked yesterday',
    );
  });

  it('without votes: the catalog rate, labelled as an estimate; nothing at all without either', async () => {
    const { CodeHealth } = await load('UTC');
    const t = translator('en');
    expect(
      text(renderToString(<CodeHealth coupon={{ votes: null, successRate: 86 }} t={t} lang="en" now={NOW} />)),
    ).toBe('|86% success (catalog estimate)|');
    expect(renderToString(<CodeHealth coupon={{ votes: null, successRate: null }} t={t} lang="en" now={NOW} />)).toBe(
      '',
    );
  });

  it('a recent failure with no recent success reads "Reported not working recently", and the code stays shown', async () => {
    const { CodeHealth } = await load('UTC');
    const coupon = {
      votes: { worked: 2, failed: 5 },
      lastWorkedAt: new Date(NOW - 10 * 24 * HOUR).toISOString(),
      lastFailedAt: new Date(NOW - 3 * HOUR).toISOString(),
      successRate: 90,
    };
    const html = text(renderToString(<CodeHealth coupon={coupon} t={translator('fr')} lang="fr" now={NOW} />));
    expect(html).toContain('Signalé comme ne fonctionnant pas récemment');
    expect(html).toContain('29 % de 7 acheteurs disent qu’il fonctionne');
  });

  it.each([
    ['America/Los_Angeles', 'Nov 24, 2026'],
    ['Asia/Tokyo', 'Nov 25, 2026'],
  ])('in %s the static HTML dates "last worked" and "Verified" by the site time zone (%s)', async (zone, day) => {
    const { CodeHealth, verifiedLabel } = await load(zone);
    const t = translator('en');
    const iso = '2026-11-25T03:30:00.000Z'; // evening of the 24th in Los Angeles, noon of the 25th in Tokyo
    // No clock given and not hydrated (server render): a date, not "x ago" that would go stale.
    const html = text(
      renderToString(<CodeHealth coupon={{ votes: { worked: 3, failed: 0 }, lastWorkedAt: iso }} t={t} lang="en" />),
    );
    expect(html).toContain(`Last worked ${day}`);
    expect(verifiedLabel(t, { verifiedAt: iso }, 'en')).toBe(`Verified ${day}`);
    expect(verifiedLabel(t, { verifiedAt: null }, 'en')).toBe('Verified');
  });
});
