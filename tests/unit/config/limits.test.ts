/** The site config's `limits` and `deploy.d1` (issue 41): the defaults, and clear messages for bad values. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateSiteConfig } from '../../../src/config/validate.ts';

const base = JSON.parse(readFileSync('sites/default.json', 'utf8')) as Record<string, unknown>;
const problems = (extra: Record<string, unknown>) => {
  const result = validateSiteConfig({ ...base, ...extra });
  return result.ok ? [] : result.problems.map((p) => `${p.path}: ${p.message}`);
};

describe('limits in the site config', () => {
  it('has the issue’s defaults when the site says nothing', () => {
    const result = validateSiteConfig(base);
    expect(result.ok && result.config.limits).toEqual({
      contact: { perHour: 5, minFillSeconds: 3 },
      newsletter: { perHour: 5 },
      counters: { perTargetPerHour: 1 },
      adEvents: { perMinute: 120 },
    });
  });

  it('keeps what the site sets and fills in the rest', () => {
    const result = validateSiteConfig({ ...base, limits: { contact: { perHour: 20 } } });
    expect(result.ok && result.config.limits.contact).toEqual({ perHour: 20, minFillSeconds: 3 });
    expect(result.ok && result.config.limits.adEvents.perMinute).toBe(120);
  });

  it('names the field and the rule of a bad value', () => {
    expect(problems({ limits: { contact: { perHour: 0 } } })).toEqual([
      'limits.contact.perHour: limits.contact.perHour must be at least 1',
    ]);
    expect(problems({ limits: { adEvents: { perMinute: 2.5 } } })).toEqual([
      'limits.adEvents.perMinute: limits.adEvents.perMinute must be a whole number',
    ]);
    expect(problems({ limits: { contact: { minFillSeconds: -1 } } })).toEqual([
      'limits.contact.minFillSeconds: limits.contact.minFillSeconds must be 0 or more',
    ]);
    expect(problems({ limits: { feedback: {} } })[0]).toMatch(/^limits: .*feedback/);
    expect(problems({ deploy: { target: 'cloudflare', d1: { dailyWrites: 10 } } })).toEqual([
      'deploy.d1.dailyWrites: deploy.d1.dailyWrites must be at least 1000',
    ]);
  });
});
