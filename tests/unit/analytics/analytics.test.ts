// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentModeFor, GTAG_URL, startAnalytics, trackAction } from '../../../src/analytics/analytics.ts';

type W = Window & { dataLayer?: IArguments[]; gtag?: unknown };

const calls = () => ((window as W).dataLayer ?? []).map((a) => Array.from(a));
const gtagScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.startsWith(GTAG_URL));

const started: { stop: () => void }[] = [];
const start = (id: string) => {
  const a = startAnalytics(id);
  started.push(a);
  return a;
};

afterEach(() => {
  for (const a of started.splice(0)) a.stop();
  delete (window as W).dataLayer;
  delete (window as W).gtag;
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-consent');
});

function choose(choice: string) {
  document.documentElement.setAttribute('data-consent', choice);
  document.dispatchEvent(new CustomEvent('consentchange', { detail: { choice } }));
}

describe('GA4 with Consent Mode v2', () => {
  it('sets every consent default to denied first and requests nothing before a choice', () => {
    document.documentElement.setAttribute('data-consent', 'pending');
    const a = start('G-TEST1234');
    expect(calls()[0]).toEqual(['consent', 'default', { ...consentModeFor(false), wait_for_update: 500 }]);
    expect(consentModeFor(false)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
    });
    expect(gtagScripts()).toEqual([]);
    expect(a.loaded()).toBe(false);
  });

  it('Accept all: consent updated to granted, then the tag (once) with config (the page view)', () => {
    document.documentElement.setAttribute('data-consent', 'pending');
    start('G-TEST1234');
    trackAction('search', { search_term: 'shoes' });
    choose('accepted');
    choose('accepted');
    const c = calls();
    const update = c.findIndex((x) => x[0] === 'consent' && x[1] === 'update');
    expect(c[update]?.[2]).toEqual(consentModeFor(true));
    expect(c.findIndex((x) => x[0] === 'config')).toBeGreaterThan(update);
    expect(c.find((x) => x[0] === 'config')?.[1]).toBe('G-TEST1234');
    expect(c.find((x) => x[0] === 'event')).toEqual(['event', 'search', { search_term: 'shoes' }]);
    expect(gtagScripts().map((s) => s.src)).toEqual([`${GTAG_URL}?id=G-TEST1234`]);
  });

  it('Reject all: never requested; a stored acceptance loads at once', () => {
    document.documentElement.setAttribute('data-consent', 'rejected');
    start('G-TEST1234');
    choose('rejected');
    expect(gtagScripts()).toEqual([]);
    expect(calls().some((x) => x[0] === 'config')).toBe(false);
    for (const a of started.splice(0)) a.stop();
    afterEachReset();
    document.documentElement.setAttribute('data-consent', 'accepted');
    expect(start('G-TEST1234').loaded()).toBe(true);
  });

  it('off for non-GA4 ids; trackAction does nothing without analytics', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    document.documentElement.setAttribute('data-consent', 'accepted');
    expect(start('UA-123-1').loaded()).toBe(false);
    expect((window as W).dataLayer).toBeUndefined();
    expect(() => trackAction('code_copied', { coupon_id: 1 })).not.toThrow();
    expect(gtagScripts()).toEqual([]);
    warn.mockRestore();
  });
});

function afterEachReset() {
  delete (window as W).dataLayer;
  delete (window as W).gtag;
  document.head.innerHTML = '';
}
