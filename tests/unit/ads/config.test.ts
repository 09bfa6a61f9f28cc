import { describe, expect, it } from 'vitest';
import { thirdPartyOrigins } from '../../../src/ads/core/hosts.ts';
import { adsenseScriptUrl, adsterraScriptUrl, buildRegistry } from '../../../src/ads/core/registry.ts';
import type { AdPlatformConfig, SiteConfig } from '../../../src/config/schema.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from '../config/helpers.ts';

type Cfg = ReturnType<typeof defaultConfig>;
function check(mutate: (c: Cfg) => void) {
  const c = defaultConfig();
  mutate(c);
  return validateSiteConfig(c);
}
function problems(mutate: (c: Cfg) => void) {
  const r = check(mutate);
  return r.ok ? [] : r.problems;
}
const adsense = {
  platform: 'adsense',
  enabled: true,
  publisherId: 'ca-pub-1234567890123456',
  slot: '1234567890',
} as const;
const unit = (type: string, extra: Record<string, unknown> = {}) =>
  ({ platform: 'adsterra', enabled: true, type, key: 'a'.repeat(32), ...extra }) as unknown as AdPlatformConfig;

describe('ad platform entries (SPEC §3 direct-network config)', () => {
  it('AdSense together with an Adsterra popunder or redirect is rejected, saying why', () => {
    for (const type of ['popunder', 'redirect']) {
      const found = problems((c) => {
        c.ads.platforms = [adsense, unit(type)];
      });
      expect(found).toEqual([
        {
          path: 'ads.platforms[1].type',
          message: `An Adsterra ${type} ad cannot run with AdSense enabled: AdSense policy forbids pages that trigger pop-unders or redirects. Disable this unit or adsense.`,
        },
      ]);
    }
    // Without AdSense (or with it disabled) a popunder is allowed.
    expect(
      problems((c) => {
        c.ads.platforms = [unit('popunder'), unit('native')];
      }),
    ).toEqual([]);
    expect(
      problems((c) => {
        c.ads.platforms = [{ ...adsense, enabled: false }, unit('redirect'), unit('native')];
      }),
    ).toEqual([]);
    // A disabled popunder next to AdSense is fine.
    expect(
      problems((c) => {
        c.ads.platforms = [adsense, { ...unit('popunder'), enabled: false }];
      }),
    ).toEqual([]);
  });

  it('Adsterra fields are validated', () => {
    expect(
      problems((c) => {
        c.ads.platforms = [unit('interstitial')];
      }),
    ).toEqual([{ path: 'ads.platforms[0].type', message: 'Unsupported ad type: interstitial' }]);
    expect(
      problems((c) => {
        c.ads.platforms = [unit('banner', { key: 'XYZ' })];
      }),
    ).toEqual([
      { path: 'ads.platforms[0].key', message: 'Adsterra key must be the 32 hexadecimal characters from the ad code' },
      { path: 'ads.platforms[0].width', message: 'Adsterra banner width is required' },
      { path: 'ads.platforms[0].height', message: 'Adsterra banner height is required' },
    ]);
    expect(
      problems((c) => {
        c.ads.platforms = [{ platform: 'adsterra', enabled: true } as AdPlatformConfig];
      }).map((p) => p.path),
    ).toEqual(['ads.platforms[0].type', 'ads.platforms[0].key']);
    expect(
      problems((c) => {
        c.ads.platforms = [unit('native', { host: 'https://evil.example/x' })];
      }),
    ).toEqual([
      {
        path: 'ads.platforms[0].host',
        message: 'Adsterra host must be a bare host name, e.g. "www.highperformanceformat.com"',
      },
    ]);
    expect(
      problems((c) => {
        c.ads.platforms = [unit('native', { nonsense: 1 })];
      })[0]?.path,
    ).toBe('ads.platforms[0]');
    expect(
      problems((c) => {
        c.ads.platforms = [unit('native', { testMode: true })];
      }),
    ).toEqual([{ path: 'ads.platforms[0].testMode', message: 'testMode applies to adsense only' }]);
  });

  it('AdSense needs a ca-pub publisher id and a slot when enabled', () => {
    expect(
      problems((c) => {
        c.ads.platforms = [{ platform: 'adsense', enabled: true }];
      }),
    ).toEqual([
      { path: 'ads.platforms[0].publisherId', message: 'AdSense publisherId must be "ca-pub-" followed by 16 digits' },
      { path: 'ads.platforms[0].slot', message: 'AdSense slot (the ad unit id) is required when adsense is enabled' },
    ]);
    expect(
      problems((c) => {
        c.ads.platforms = [{ ...adsense, key: 'a'.repeat(32) }];
      }),
    ).toEqual([{ path: 'ads.platforms[0].key', message: 'key applies to adsterra only' }]);
    expect(
      problems((c) => {
        c.ads.platforms = [{ platform: 'adsense', enabled: false }];
      }),
    ).toEqual([]);
  });
});

describe('consent block', () => {
  it('defaults to the banner; tcf needs an https CMP script', () => {
    const r = check((c) => {
      delete (c as { consent?: unknown }).consent;
    });
    expect(r.ok && r.config.consent).toEqual({ mode: 'banner', policyHref: '/cookie-policy' });
    expect(
      problems((c) => {
        (c as { consent: unknown }).consent = { mode: 'tcf' };
      }),
    ).toEqual([
      {
        path: 'consent.cmpScriptUrl',
        message: 'Consent mode tcf needs cmpScriptUrl: the https address of your IAB TCF v2.2 CMP',
      },
    ]);
    expect(
      problems((c) => {
        (c as { consent: unknown }).consent = { mode: 'tcf', cmpScriptUrl: 'http://cmp.example/x.js' };
      }),
    ).toEqual([{ path: 'consent.cmpScriptUrl', message: 'CMP script URL must be an https URL' }]);
    expect(
      problems((c) => {
        (c as { consent: unknown }).consent = { mode: 'cookiewall' };
      }),
    ).toEqual([{ path: 'consent.mode', message: 'Consent mode must be banner, tcf or none' }]);
  });
});

describe('hosts and registry', () => {
  const valid = (mutate: (c: Cfg) => void = () => {}) => {
    const r = check(mutate);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    return r.config as SiteConfig;
  };

  it('thirdPartyOrigins: AdSense, each Adsterra unit host, the TCF CMP; nothing when ads are off', () => {
    const c = valid((c) => {
      c.ads.platforms.push(unit('native', { host: 'pl.adsterra-cdn.example' }));
      (c as { consent: unknown }).consent = { mode: 'tcf', cmpScriptUrl: 'https://cmp.example.com/tcf/cmp.js' };
    });
    const o = thirdPartyOrigins(c);
    expect(o.script).toContain('https://pagead2.googlesyndication.com');
    expect(o.script).toContain('https://www.highperformanceformat.com');
    expect(o.script).toContain('https://pl.adsterra-cdn.example');
    expect(o.script).toContain('https://cmp.example.com');
    const off = valid((c) => {
      c.ads.enabled = false;
    });
    expect(thirdPartyOrigins(off).script).toEqual([]);
  });

  it('buildRegistry: units by kind, loader addresses', () => {
    const r = buildRegistry(valid());
    expect(r.platforms).toEqual(['adsense', 'adsterra']);
    expect(r.adsense).toEqual({ publisherId: 'ca-pub-0000000000000000', slot: '1234567890', testMode: true });
    expect(r.adsterraSlotUnits.map((u) => `${u.type} ${u.width ?? ''}x${u.height ?? ''}`)).toEqual([
      'banner 300x250',
      'banner 468x60',
      'banner 728x90',
      'banner 320x50',
      'native x',
    ]);
    expect(r.renderable).toEqual(['adsense', 'adsterra']);
    expect(adsenseScriptUrl('ca-pub-0000000000000000')).toBe(
      'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-0000000000000000',
    );
    expect(adsterraScriptUrl({ host: 'www.highperformanceformat.com', key: 'k' })).toBe(
      'https://www.highperformanceformat.com/k/invoke.js',
    );
    expect(r.scriptOrigins).toContain('https://pagead2.googlesyndication.com');
  });
});
