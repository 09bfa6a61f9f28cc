import { describe, expect, it } from 'vitest';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from './helpers.ts';

type Mutate = (c: ReturnType<typeof defaultConfig>) => void;

function problems(mutate: Mutate) {
  const c = defaultConfig();
  mutate(c);
  const r = validateSiteConfig(c);
  return r.ok ? [] : r.problems;
}

function expectValid(mutate: Mutate) {
  expect(problems(mutate)).toEqual([]);
}

function expectProblem(mutate: Mutate, path: string, message: string | RegExp) {
  const found = problems(mutate);
  expect(found.map((p) => p.path)).toContain(path);
  const p = found.find((x) => x.path === path)!;
  if (typeof message === 'string') expect(p.message).toBe(message);
  else expect(p.message).toMatch(message);
}

describe('sites/default.json', () => {
  it('is valid and matches SPEC §1 and §9', () => {
    const r = validateSiteConfig(defaultConfig());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.config;
    expect(c.site.id).toBe('default');
    expect(c.site.supportedLanguages).toEqual(['en', 'es', 'fr', 'de']);
    expect(c.site.timezone).toBe('America/New_York');
    expect(c.branding.theme).toBe('light');
    expect(c.features.staticData.enabled).toBe(true);
    expect(c.ads.strategy).toBe('balanced');
    expect(c.ads.positions).toEqual(['top', 'bottom']);
    expect(c.ads.clickRateLimit).toBe(0.3);
    expect(c.ads.displayProbability).toBe(0.85);
    expect(c.ads.platforms.find((p) => p.platform === 'adsense')?.testMode).toBe(true);
    expect(c.ads.platforms.find((p) => p.platform === 'adsterra')?.testMode).toBe(false);
    expect(c.ads.modal.closeOnlyByButton).toBe(true);
    expect(c.ads.modal.topProbability).toBe(0.7);
  });
});

describe('site config minimum (SPEC §5)', () => {
  it('requires the site ID', () => {
    expectValid((c) => {
      c.site.id = 'default';
    });
    expectProblem(
      (c) => {
        c.site.id = '';
      },
      'site.id',
      'Site ID is required',
    );
    expectProblem(
      (c) => {
        delete (c.site as Partial<typeof c.site>).id;
      },
      'site.id',
      'Site ID is required',
    );
  });
  it('requires the site domain', () => {
    expectProblem(
      (c) => {
        c.site.domain = '';
      },
      'site.domain',
      'Site domain is required',
    );
  });
  it('requires the API base URL', () => {
    expectValid((c) => {
      c.api.baseUrl = 'https://api.example.com';
    });
    expectProblem(
      (c) => {
        c.api.baseUrl = '';
      },
      'api.baseUrl',
      'API base URL is required',
    );
  });
  it('requires at least one ad platform', () => {
    expectValid((c) => {
      c.ads.platforms = [{ platform: 'direct', enabled: true }];
    });
    expectProblem(
      (c) => {
        c.ads.platforms = [];
      },
      'ads.platforms',
      'At least one ad platform must be configured',
    );
  });
});

describe('whole-config schema (SPEC §5)', () => {
  it('site id: lowercase letters, digits or hyphens', () => {
    expectValid((c) => {
      c.site.id = 'coupon-saver-2';
    });
    expectProblem(
      (c) => {
        c.site.id = 'My Site';
      },
      'site.id',
      /lowercase letters, digits or hyphens/,
    );
  });
  it('language codes: exactly 2 letters, at least 1 supported', () => {
    expectValid((c) => {
      c.site.supportedLanguages = ['en'];
    });
    expectProblem(
      (c) => {
        c.site.supportedLanguages = ['eng'];
      },
      'site.supportedLanguages[0]',
      /exactly 2/,
    );
    expectProblem(
      (c) => {
        c.site.supportedLanguages = [];
      },
      'site.supportedLanguages',
      /At least 1/,
    );
  });
  it('default language must be supported', () => {
    expectProblem(
      (c) => {
        c.site.defaultLanguage = 'fr';
        c.site.supportedLanguages = ['en'];
      },
      'site.defaultLanguage',
      /must be one of supportedLanguages/,
    );
  });
  it('colours: #RRGGBB', () => {
    expectValid((c) => {
      c.branding.colors.primary = '#AbCdEf';
    });
    expectProblem(
      (c) => {
        c.branding.colors.primary = 'red';
      },
      'branding.colors.primary',
      /#RRGGBB/,
    );
    expectProblem(
      (c) => {
        c.branding.colors.border = '#fff';
      },
      'branding.colors.border',
      /#RRGGBB/,
    );
  });
  it('font names are plain family names', () => {
    expectValid((c) => {
      c.branding.fonts.heading = 'Source Sans 3';
    });
    expectProblem(
      (c) => {
        c.branding.fonts.body = 'x</style><script>alert(1)</script>';
      },
      'branding.fonts.body',
      /letters, digits, spaces and hyphens/,
    );
  });
  it('theme: light, dark or auto', () => {
    expectValid((c) => {
      c.branding.theme = 'auto';
    });
    expectProblem(
      (c) => {
        (c.branding as { theme: string }).theme = 'sepia';
      },
      'branding.theme',
      'Theme must be one of light, dark or auto',
    );
  });
  it('social platform: facebook, twitter, instagram, linkedin or youtube', () => {
    expectValid((c) => {
      c.content.socialLinks = [{ platform: 'youtube', url: 'https://youtube.com/x' }];
    });
    expectProblem(
      (c) => {
        c.content.socialLinks = [{ platform: 'myspace' as 'youtube', url: 'https://myspace.com/x' }];
      },
      'content.socialLinks[0].platform',
      /facebook, twitter, instagram, linkedin or youtube/,
    );
  });
  it('ad platform: adsense, adsterra, facebook, amazon or direct', () => {
    expectValid((c) => {
      c.ads.platforms = [{ platform: 'direct', enabled: true }];
    });
    expectProblem(
      (c) => {
        c.ads.platforms = [{ platform: 'google' as 'amazon', enabled: true }];
      },
      'ads.platforms[0].platform',
      /adsense, adsterra, facebook, amazon or direct/,
    );
  });
  it('ad strategy: aggressive, balanced or conservative', () => {
    expectValid((c) => {
      c.ads.strategy = 'aggressive';
    });
    expectProblem(
      (c) => {
        (c.ads as { strategy: string }).strategy = 'maximal';
      },
      'ads.strategy',
      /aggressive, balanced or conservative/,
    );
  });
  it('positions: top, bottom, left or right, at least 1', () => {
    expectValid((c) => {
      c.ads.positions = ['left', 'right'];
    });
    expectProblem(
      (c) => {
        c.ads.positions = [];
      },
      'ads.positions',
      /At least 1/,
    );
    expectProblem(
      (c) => {
        c.ads.positions = ['middle' as 'top'];
      },
      'ads.positions[0]',
      /top, bottom, left or right/,
    );
  });
  it('clickRateLimit and displayProbability between 0 and 1', () => {
    expectValid((c) => {
      c.ads.clickRateLimit = 0;
      c.ads.displayProbability = 1;
    });
    expectProblem(
      (c) => {
        c.ads.clickRateLimit = 1.5;
      },
      'ads.clickRateLimit',
      'clickRateLimit must be between 0 and 1',
    );
    expectProblem(
      (c) => {
        c.ads.displayProbability = -0.1;
      },
      'ads.displayProbability',
      'displayProbability must be between 0 and 1',
    );
  });
  it('modal ad algorithm: random, smart or fixed', () => {
    expectValid((c) => {
      c.ads.modal = { algorithm: 'fixed' };
    });
    expectProblem(
      (c) => {
        c.ads.modal = { algorithm: 'weighted' as 'fixed' };
      },
      'ads.modal.algorithm',
      /random, smart or fixed/,
    );
  });
  it('pagination type and itemsPerPage', () => {
    expectValid((c) => {
      c.features.pagination = { type: 'infinite-scroll', itemsPerPage: 1 };
    });
    expectProblem(
      (c) => {
        c.features.pagination = { type: 'endless' as 'pagination', itemsPerPage: 20 };
      },
      'features.pagination.type',
      /pagination or infinite-scroll/,
    );
    expectProblem(
      (c) => {
        c.features.pagination = { type: 'pagination', itemsPerPage: 0 };
      },
      'features.pagination.itemsPerPage',
      'itemsPerPage must be at least 1',
    );
  });
  it('search minCharacters at least 1', () => {
    expectValid((c) => {
      c.features.search = { enabled: true, minCharacters: 1 };
    });
    expectProblem(
      (c) => {
        c.features.search = { enabled: true, minCharacters: 0 };
      },
      'features.search.minCharacters',
      /at least 1/,
    );
  });
  it('newsletter provider, with key and list id required when enabled', () => {
    expectValid((c) => {
      c.features.newsletter = { enabled: true, provider: 'mailchimp', apiKey: 'k', listId: 'l' };
    });
    expectProblem(
      (c) => {
        c.features.newsletter = { enabled: false, provider: 'mailgun' as 'custom' };
      },
      'features.newsletter.provider',
      /mailchimp, sendgrid or custom/,
    );
    expectProblem(
      (c) => {
        c.features.newsletter = { enabled: true, provider: 'sendgrid' };
      },
      'features.newsletter.apiKey',
      /API key is required/,
    );
    expectProblem(
      (c) => {
        c.features.newsletter = { enabled: true, provider: 'sendgrid', apiKey: 'k' };
      },
      'features.newsletter.listId',
      /list ID is required/,
    );
  });
  it('twitterCard: summary or summary_large_image', () => {
    expectValid((c) => {
      c.seo.twitterCard = 'summary';
    });
    expectProblem(
      (c) => {
        (c.seo as { twitterCard: string }).twitterCard = 'large';
      },
      'seo.twitterCard',
      /summary or summary_large_image/,
    );
  });
  it('API timeout at least 1000 ms; retryCount 0 to 5', () => {
    expectValid((c) => {
      c.api.timeout = 1000;
      c.api.retryCount = 5;
    });
    expectProblem(
      (c) => {
        c.api.timeout = 999;
      },
      'api.timeout',
      'API timeout must be at least 1000 ms',
    );
    expectProblem(
      (c) => {
        c.api.retryCount = 6;
      },
      'api.retryCount',
      'retryCount must be between 0 and 5',
    );
    expectProblem(
      (c) => {
        c.api.retryCount = -1;
      },
      'api.retryCount',
      'retryCount must be between 0 and 5',
    );
  });
  it('analytics tracking id starts with UA-, G- or GT-', () => {
    for (const id of ['UA-1234-1', 'G-ABC123', 'GT-XYZ']) {
      expectValid((c) => {
        c.analytics = { googleAnalytics: { enabled: true, trackingId: id } };
      });
    }
    expectProblem(
      (c) => {
        c.analytics = { googleAnalytics: { enabled: true, trackingId: 'AW-123' } };
      },
      'analytics.googleAnalytics.trackingId',
      'Analytics tracking ID must start with UA-, G- or GT-',
    );
  });
  it('rejects unknown keys with the path', () => {
    expectProblem(
      (c) => {
        (c.branding as Record<string, unknown>).colours = {};
      },
      'branding',
      /Unknown key "colours"/,
    );
  });
  it('localized text needs the default language', () => {
    expectProblem(
      (c) => {
        c.seo.title = { de: 'Nur Deutsch' };
      },
      'seo.title',
      /missing the default language "en"/,
    );
  });
});
