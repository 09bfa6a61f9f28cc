// biome-ignore-all lint/suspicious/noExplicitAny: the tests mutate raw site JSON
/**
 * facebook (issue 25): accepted with a build warning, never chosen by the decision engine (not
 * even forced); amazon and direct count as platforms that can serve.
 */
import { describe, expect, it } from 'vitest';
import { adsBuildWarnings, FACEBOOK_WARNING } from '../../../src/ads/build-warnings.ts';
import { decide, decideModal } from '../../../src/ads/core/decision.ts';
import { thirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { renderablePlatforms, serveMatrix } from '../../../src/ads/core/serve.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from '../config/helpers.ts';

const clock = { now: Date.parse('2026-11-25T22:00:00Z'), hour: 22, random: () => 0 };

function config(mutate: (ads: Record<string, any>) => void) {
  const c = defaultConfig() as Record<string, any>;
  mutate(c.ads);
  const r = validateSiteConfig(c);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.config;
}

describe('facebook', () => {
  it('the build warns that Meta Audience Network serves no websites', () => {
    const c = config((ads) => ads.platforms.push({ platform: 'facebook', enabled: true }));
    const warnings = adsBuildWarnings(c);
    expect(warnings).toEqual([`ads.platforms[6]: ${FACEBOOK_WARNING}`]);
    expect(FACEBOOK_WARNING).toMatch(/does not serve websites since April 2020/);
    expect(adsBuildWarnings(config(() => {}))).toEqual([]);
  });

  it('is never chosen, even alone, at its off-hours bonus, or forced', () => {
    // Off hours (22:00) give facebook x1.1; it still never wins.
    const d = decide({}, { isNewUser: false, position: 'top' }, clock, { platforms: ['facebook', 'adsense'] });
    expect(d.platform).toBe('adsense');
    expect(Object.keys(d.scores)).not.toContain('facebook');
    expect(decide({}, { isNewUser: false }, clock, { platforms: ['facebook'] }).platform).not.toBe('facebook');
    expect(
      decide({}, { isNewUser: false }, clock, { platforms: ['adsterra', 'facebook'], forced: 'facebook' }).platform,
    ).toBe('adsterra');
    for (const algorithm of ['random', 'fixed', 'smart'] as const) {
      expect(
        decideModal(algorithm, {}, { isNewUser: false }, clock, { platforms: ['facebook', 'adsterra'] }).platform,
      ).toBe('adsterra');
    }
  });

  it('never counts as renderable (no ad box is reserved for it)', () => {
    const c = config((ads) => {
      ads.platforms = [{ platform: 'facebook', enabled: true }];
    });
    expect(renderablePlatforms(c.ads)).toEqual([]);
    expect(serveMatrix(c.ads)).toEqual({ granted: false, denied: false });
  });
});

describe('direct and amazon', () => {
  const amazon = {
    tag: 'site-20',
    products: [
      {
        asin: 'B08N5WRWNW',
        title: 'Echo Dot',
        image: 'https://m.media-amazon.com/images/I/x.jpg',
        url: 'https://www.amazon.com/dp/B08N5WRWNW?tag=site-20',
      },
    ],
  };
  it('direct campaigns serve with or without consent (first-party, nothing stored without it)', () => {
    const c = config((ads) => {
      ads.platforms = [{ platform: 'direct', enabled: true }];
      ads.campaigns = [
        {
          id: 'a',
          advertiser: 'A',
          creative: { type: 'text', title: 'A' },
          clickUrl: 'https://a.example/',
          start: '2026-01-01T00:00:00Z',
          end: '2027-01-01T00:00:00Z',
        },
      ];
    });
    expect(serveMatrix(c.ads)).toEqual({ granted: true, denied: true });
    expect(adsBuildWarnings(c, Date.parse('2027-02-01T00:00:00Z'))).toEqual([
      'ads.campaigns: every campaign has ended',
    ]);
    // Nothing new in the CSP for direct campaigns.
    expect(thirdPartyOrigins(c)).toEqual({ script: [], frame: [], connect: [], img: [] });
  });

  it('amazon renders with products; its image host (only) joins img-src', () => {
    const c = config((ads) => {
      ads.platforms = [{ platform: 'amazon', enabled: true }];
      ads.amazon = amazon;
    });
    expect(renderablePlatforms(c.ads)).toEqual(['amazon']);
    const o = thirdPartyOrigins(c);
    expect(o.img).toContain('https://m.media-amazon.com');
    expect(o.script).toEqual([]);
  });

  it('amazon: a link without the configured tag, a foreign image host, or no products is refused with its path', () => {
    const problems = (ads: Record<string, unknown>) => {
      const c = defaultConfig() as Record<string, any>;
      Object.assign(c.ads, ads);
      const r = validateSiteConfig(c);
      return r.ok ? [] : r.problems.map((p) => p.path);
    };
    expect(
      problems({
        amazon: {
          ...amazon,
          products: [{ ...amazon.products[0], url: 'https://www.amazon.com/dp/B08N5WRWNW?tag=other-20' }],
        },
      }),
    ).toEqual(['ads.amazon.products[0].url']);
    expect(
      problems({ amazon: { ...amazon, products: [{ ...amazon.products[0], image: 'https://evil.example/x.jpg' }] } }),
    ).toEqual(['ads.amazon.products[0].image']);
    expect(problems({ platforms: [{ platform: 'amazon', enabled: true }] })).toEqual(['ads.platforms[0]']);
  });
});
