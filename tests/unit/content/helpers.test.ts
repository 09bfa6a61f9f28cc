import { describe, expect, it } from 'vitest';
import { mailDomain, siteContact } from '../../../src/config/contact.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { filterFaq, normalize, queryWords } from '../../../src/content-helpers/faq-filter.ts';
import { adPartners, analyticsPartners, contactMode, newsletterTarget } from '../../../src/content-helpers/legal.ts';
import { nextBatch } from '../../../src/content-helpers/paging.ts';
import { siteTokens } from '../../../src/content-helpers/site-tokens.ts';
import { STORAGE_ENTRIES } from '../../../src/preferences/storage-keys.ts';
import { defaultConfig } from '../config/helpers.ts';

function config(mutate: (c: ReturnType<typeof defaultConfig>) => void = () => {}) {
  const c = defaultConfig();
  mutate(c);
  const r = validateSiteConfig(c);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  return r.config;
}

describe('content.contact', () => {
  it('defaults every address to <role>@<domain>, so a site works without the block', () => {
    const c = siteContact(config());
    expect(c).toEqual({
      support: 'support@couponsaver.example',
      partnerships: 'partners@couponsaver.example',
      press: 'press@couponsaver.example',
      careers: 'careers@couponsaver.example',
      postalAddress: [],
      formEndpoint: null,
      liveChatUrl: null,
      liveChatHours: {},
    });
    expect(mailDomain('https://www.Shop.example:8080/x')).toBe('shop.example');
  });

  it('takes configured addresses, postal address lines, form endpoint and chat', () => {
    const c = siteContact(
      config((cfg) => {
        cfg.content.contact = {
          supportEmail: 'help@shop.example',
          pressEmail: 'media@shop.example',
          postalAddress: 'Shop Ltd\n 1 Main St \n\nSpringfield',
          formEndpoint: 'https://forms.example/f/abc',
          liveChat: { url: 'https://chat.example/shop', hours: { en: 'Weekdays 8–8' } },
        };
      }),
    );
    expect(c.support).toBe('help@shop.example');
    expect(c.partnerships).toBe('partners@couponsaver.example');
    expect(c.press).toBe('media@shop.example');
    expect(c.postalAddress).toEqual(['Shop Ltd', '1 Main St', 'Springfield']);
    expect(c.formEndpoint).toBe('https://forms.example/f/abc');
    expect(c.liveChatUrl).toBe('https://chat.example/shop');
    expect(c.liveChatHours).toEqual({ en: 'Weekdays 8–8' });
  });

  it('rejects a bad address or endpoint with the JSON path', () => {
    const c = defaultConfig();
    c.content.contact = { supportEmail: 'not-an-email', formEndpoint: 'http://insecure.example/f' };
    const r = validateSiteConfig(c);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(['content.contact.supportEmail', 'content.contact.formEndpoint']),
    );
  });

  it('gives the Markdown tokens', () => {
    expect(siteTokens(config())).toMatchObject({
      siteName: 'CouponSaver',
      domain: 'couponsaver.example',
      supportEmail: 'support@couponsaver.example',
      careersEmail: 'careers@couponsaver.example',
    });
  });
});

describe('what the legal pages list (from the config)', () => {
  it('lists the enabled ad networks once each, in config order; none when ads are off', () => {
    expect(adPartners(config()).map((p) => p.id)).toEqual(['adsense', 'adsterra']);
    const more = config((c) => {
      c.ads.platforms.push({ platform: 'amazon', enabled: true }, { platform: 'facebook', enabled: false });
      // An enabled amazon needs its products (issue 25).
      (c.ads as Record<string, unknown>).amazon = {
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
      c.ads.platforms.push({
        platform: 'adsense',
        enabled: true,
        publisherId: 'ca-pub-1111111111111111',
        slot: '2222222222',
      });
    });
    expect(adPartners(more).map((p) => p.id)).toEqual(['adsense', 'adsterra', 'amazon']);
    expect(
      adPartners(
        config((c) => {
          c.ads.enabled = false;
        }),
      ),
    ).toEqual([]);
  });

  it('lists Google Analytics only when enabled', () => {
    expect(analyticsPartners(config())).toEqual([]);
    const ga = config((c) => {
      c.analytics = { googleAnalytics: { enabled: true, trackingId: 'G-TEST123' } };
    });
    expect(analyticsPartners(ga).map((p) => p.id)).toEqual(['googleAnalytics']);
  });

  it('picks the contact delivery: endpoint, else API mode, else the e-mail app', () => {
    expect(contactMode(config())).toBe('mailto');
    expect(
      contactMode(
        config((c) => {
          c.features.staticData.enabled = false;
        }),
      ),
    ).toBe('api');
    expect(
      contactMode(
        config((c) => {
          c.content.contact = { formEndpoint: '/forms/contact' };
        }),
      ),
    ).toBe('endpoint');
  });

  it('keeps the newsletter closed unless enabled, with its endpoint', () => {
    expect(newsletterTarget(config())).toEqual({ open: false, endpoint: '/api/newsletter/subscribe', provider: null });
    const open = config((c) => {
      c.features.newsletter = { enabled: true, provider: 'mailchimp', apiKey: 'k', listId: 'l' };
    });
    expect(newsletterTarget(open)).toEqual({ open: true, endpoint: '/newsletter/subscribe', provider: 'mailchimp' });
  });
});

describe('storage keys (one list for the cookie and privacy policies)', () => {
  it('names every key of the shared contract, each once', () => {
    const keys = STORAGE_ENTRIES.map((e) => e.key);
    expect([...keys].sort()).toEqual([
      'ad_campaigns',
      'ad_force_platform',
      'ad_metrics',
      'auth_token',
      'consent',
      'coupon_feedback',
      'preferred_language',
    ]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(STORAGE_ENTRIES.find((e) => e.key === 'auth_token')?.written).toBe(false);
    expect(STORAGE_ENTRIES.find((e) => e.key === 'ad_metrics')?.afterConsent).toBe(true);
  });
});

describe('help filter', () => {
  const entries = [
    { id: 'a', category: 'using-coupons', text: '¿Cómo uso un código promocional? Abre el cupón.' },
    { id: 'b', category: 'deals', text: 'What is the difference between a coupon and a deal?' },
    { id: 'c', category: 'technical', text: 'Der Kopieren-Button kopiert den Code nicht.' },
  ];

  it('filters by every word, ignoring case and accents', () => {
    expect(filterFaq(entries, '', '')).toEqual(['a', 'b', 'c']);
    expect(filterFaq(entries, 'CUPON', '')).toEqual(['a']);
    expect(filterFaq(entries, 'coupon deal', '')).toEqual(['b']);
    expect(filterFaq(entries, 'code', '')).toEqual(['c']);
    expect(filterFaq(entries, 'coupon nothing', '')).toEqual([]);
    expect(normalize('Économisez')).toBe('economisez');
    expect(queryWords(" l'offre, code-promo ")).toEqual(['l', 'offre', 'code', 'promo']);
  });

  it('combines the query with a category chip', () => {
    expect(filterFaq(entries, '', 'deals')).toEqual(['b']);
    expect(filterFaq(entries, 'cupon', 'deals')).toEqual([]);
  });
});

describe('load more', () => {
  it('reveals a page at a time and says when nothing is left', () => {
    expect(nextBatch(6, 4, 4)).toEqual({ shown: 6, hasMore: false });
    expect(nextBatch(10, 4, 4)).toEqual({ shown: 8, hasMore: true });
    expect(nextBatch(3, 3, 4)).toEqual({ shown: 3, hasMore: false });
    expect(nextBatch(5, -1, 0)).toEqual({ shown: 1, hasMore: true });
  });
});
