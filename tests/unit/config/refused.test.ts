/**
 * Config that must be refused, loudly (issue 23): each value used to pass validation and broke the
 * build later (a RangeError with no file or path), built a huge site, or published a credential.
 * Each is now refused by the validation with the file, the JSON path and a plain message.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteFile } from '../../../src/config/load-file.ts';
import { formatProblems, validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from './helpers.ts';

type Config = ReturnType<typeof defaultConfig>;
const dir = mkdtempSync(join(tmpdir(), 'refused-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The build's report for sites/default.json changed by `mutate` (what an operator reads). */
function report(mutate: (c: Config) => void): string {
  const c = defaultConfig();
  mutate(c);
  const file = join(dir, 'default.json');
  writeFileSync(file, JSON.stringify(c));
  const loaded = readSiteFile(file);
  return loaded.ok ? 'valid' : formatProblems(file, loaded.problems);
}

/** Refused: the report names the file and has a line for `path` whose message matches. */
function expectRefused(mutate: (c: Config) => void, path: string, message: RegExp) {
  const text = report(mutate);
  expect(text).toContain(join(dir, 'default.json'));
  const line = text.split('\n').find((l) => l.startsWith(`  - ${path}: `));
  expect(line, text).toBeDefined();
  expect(line).toMatch(message);
}

const adsterra = (c: Config) => {
  const p = c.ads.platforms.find((x) => x.platform === 'adsterra');
  if (!p) throw new Error('no adsterra unit');
  return p;
};

describe('credentials inside addresses are refused (they would be published)', () => {
  it('user:pass@ in api.baseUrl', () => {
    expectRefused(
      (c) => {
        c.api.baseUrl = 'https://deploy:hunter22@api.shop.example/api';
      },
      'api.baseUrl',
      /credential \(a user name .*a password \("user:pass@" before the host\)\).*published/,
    );
  });

  it('?apiKey= in an API endpoint and in the newsletter endpoint', () => {
    expectRefused(
      (c) => {
        c.api.endpoints = { couponUsage: '/coupons/{id}/usage?apiKey=k-1234567' };
      },
      'api.endpoints.couponUsage',
      /the query parameter "apiKey"/,
    );
    expectRefused(
      (c) => {
        c.features.newsletter = {
          enabled: true,
          provider: 'custom',
          apiKey: 'nl-key-123456',
          listId: 'l1',
          endpoint: 'https://news.example.org/subscribe?api_key=nl-key-123456',
        };
      },
      'features.newsletter.endpoint',
      /the query parameter "api_key"/,
    );
  });

  it('?token= or #access_token= in the contact form endpoint and the CMP script URL', () => {
    expectRefused(
      (c) => {
        c.content.contact = { formEndpoint: 'https://forms.example.net/f/abc#access_token=zz-9876543' };
      },
      'content.contact.formEndpoint',
      /the fragment parameter "access_token"/,
    );
    expectRefused(
      (c) => {
        c.consent = { mode: 'tcf', cmpScriptUrl: 'https://cmp.example.com/cmp.js?token=cmp-secret-1' };
      },
      'consent.cmpScriptUrl',
      /the query parameter "token"/,
    );
  });

  it('a secret-named key in Adsterra params (published in the ad code)', () => {
    expectRefused(
      (c) => {
        adsterra(c).params = { zone: 'top', apiToken: 'at-123456789' };
      },
      'ads.platforms[1].params.apiToken',
      /Adsterra params are published in the ad code of every page; a secret-looking key \("apiToken"\)/,
    );
  });

  it('a credential in a navigation or footer link', () => {
    expectRefused(
      (c) => {
        c.content.footer.sections[0]!.links[0]!.href = 'https://partner.example/feed?api_key=pk-1234567';
      },
      'content.footer.sections[0].links[0].href',
      /the query parameter "api_key"/,
    );
  });

  it('ordinary addresses still pass', () => {
    expect(
      report((c) => {
        c.api.baseUrl = 'https://api.shop.example/api?region=eu';
        c.content.contact = { formEndpoint: 'https://forms.example.net/f/abc?source=site' };
        c.consent = { mode: 'tcf', cmpScriptUrl: 'https://cmp.example.com/cmp.js?v=2' };
        adsterra(c).params = { zone: 'top', sub: 7 };
      }),
    ).toBe('valid');
  });
});

describe('values the validator used to let through', () => {
  it('an unknown site.timezone (the build died with a RangeError, no file or path)', () => {
    expectRefused(
      (c) => {
        c.site.timezone = 'Mars/Olympus_Mons';
      },
      'site.timezone',
      /Unknown time zone "Mars\/Olympus_Mons": use an IANA zone name such as "America\/New_York"/,
    );
    expect(
      report((c) => {
        c.site.timezone = 'Europe/Berlin';
      }),
    ).toBe('valid');
  });

  it('api.timeout above what timers accept (2147483647 ms)', () => {
    expectRefused(
      (c) => {
        c.api.timeout = 2147483648;
      },
      'api.timeout',
      /at most 2147483647 ms/,
    );
    expect(
      report((c) => {
        c.api.timeout = 2147483647;
      }),
    ).toBe('valid');
  });

  it('a contact formEndpoint of "//host" (another host to a browser) or "/\\host"', () => {
    for (const v of ['//evil.example/collect', '/\\evil.example/collect', 'https://']) {
      expectRefused(
        (c) => {
          c.content.contact = { formEndpoint: v };
        },
        'content.contact.formEndpoint',
        /single "\/" \(not "\/\/host"\) or an https:\/\/ address/,
      );
    }
  });

  it('a newsletter endpoint that is neither an API path nor https', () => {
    for (const v of ['//evil.example/x', 'http://news.example.org/s', 'javascript:alert(1)']) {
      expectRefused(
        (c) => {
          c.features.newsletter = { enabled: false, provider: 'custom', endpoint: v };
        },
        'features.newsletter.endpoint',
        /Newsletter endpoint must be a path on the API/,
      );
    }
  });

  it('a site.domain with "@", a path, a scheme or spaces', () => {
    for (const v of [
      'user@couponsaver.example',
      'couponsaver.example/shop',
      'https://couponsaver.example',
      'a b.example',
    ]) {
      expectRefused(
        (c) => {
          c.site.domain = v;
        },
        'site.domain',
        /Site domain must be a bare host name such as "couponsaver.example"/,
      );
    }
    expect(
      report((c) => {
        c.site.domain = 'shop.couponsaver.example:8443';
      }),
    ).toBe('valid');
  });

  it('logo and favicon: a path on the site or an https image, nothing else', () => {
    for (const [key, v] of [
      ['light', 'javascript:alert(1)'],
      ['dark', 'http://cdn.example/logo.svg'],
      ['favicon', '//cdn.example/fav.ico'],
      ['favicon', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['light', 'logo.svg'],
    ] as const) {
      expectRefused(
        (c) => {
          c.branding.logo[key] = v;
        },
        `branding.logo.${key}`,
        /Image must be a path on this site starting with a single "\/" \(e\.g\. "\/logo\.svg"\) or an https:\/\/ address/,
      );
    }
    expect(
      report((c) => {
        c.branding.logo = { light: 'https://cdn.brand.example/logo.svg', favicon: '/favicon.svg' };
      }),
    ).toBe('valid');
  });

  it('config texts have bounded lengths (a 1 MB hero title built an 878 MB site)', () => {
    const huge = 'x'.repeat(1_048_576);
    expectRefused(
      (c) => {
        c.content.hero.title = { en: huge };
      },
      'content.hero.title.en',
      /Text must be at most 160 characters \(this one has 1048576\)/,
    );
    expectRefused(
      (c) => {
        c.seo.description = { en: 'ok', de: 'y'.repeat(401) };
      },
      'seo.description.de',
      /at most 400 characters/,
    );
    expectRefused(
      (c) => {
        c.content.copyright = { en: 'z'.repeat(5000) };
      },
      'content.copyright.en',
      /at most 200 characters/,
    );
    expectRefused(
      (c) => {
        c.site.name = 'N'.repeat(121);
      },
      'site.name',
      /Site name must be at most 120 characters/,
    );
    const footerLabel = (c: Config) => c.content.footer.sections[0]!.links[0]!;
    expectRefused(
      (c) => {
        footerLabel(c).label = { en: 'L'.repeat(81) };
      },
      'content.footer.sections[0].links[0].label.en',
      /at most 80 characters/,
    );
  });

  it('more than 8 featured categories or brands (the README says at most 8)', () => {
    expectRefused(
      (c) => {
        c.content.featuredCategories = [1, 2, 3, 4, 5, 6, 7, 8, 9];
      },
      'content.featuredCategories',
      /At most 8 featured categories/,
    );
    expectRefused(
      (c) => {
        c.content.featuredBrands = [1, 2, 3, 4, 5, 6, 7, 8, 9];
      },
      'content.featuredBrands',
      /At most 8 featured brands/,
    );
    expect(
      report((c) => {
        c.content.featuredBrands = [1, 2, 3, 4, 5, 6, 7, 8];
      }),
    ).toBe('valid');
  });

  it('sites/default.json itself is valid', () => {
    expect(validateSiteConfig(defaultConfig()).ok).toBe(true);
  });
});
