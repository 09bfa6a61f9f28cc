// biome-ignore-all lint/suspicious/noExplicitAny: the tests mutate raw site JSON
/**
 * /ads.txt (issue 25): generated per site from its config, validated against the IAB ads.txt
 * 1.1 format when the config is loaded (a bad line names its JSON path), no line for a disabled
 * platform, and served as text/plain with its own caching in `_headers` and nginx.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADS_TXT_HEADERS, cacheRules, formatNginx, headersFor } from '../../../scripts/lib/deploy/headers.ts';
import { adsTxt, validateAdsTxtLine } from '../../../src/config/ads-txt.ts';
import { validateSiteConfig } from '../../../src/config/validate.ts';
import { defaultConfig } from '../config/helpers.ts';

type AnyConfig = ReturnType<typeof defaultConfig> & { ads: Record<string, unknown> & { platforms: any[] } };

function configWith(mutate: (c: AnyConfig) => void) {
  const c = defaultConfig() as AnyConfig;
  mutate(c);
  return validateSiteConfig(c);
}

describe('ads.txt lines (IAB 1.1)', () => {
  it.each([
    'google.com, pub-1234567890123456, DIRECT, f08c47fec0942fa0',
    'openx.com, 540000000, RESELLER, 6a698e2ec38604c6',
    'appnexus.com, 12345, reseller',
    'adsterra.com, 12345678, DIRECT # comment',
    '# only a comment',
    '',
    'contact=ads@example.com',
    'OWNERDOMAIN=example.com',
    'MANAGERDOMAIN=manager.example',
    'example.com, 1, DIRECT; extension-data',
  ])('accepts %j', (line) => {
    expect(validateAdsTxtLine(line)).toBeNull();
  });

  it.each([
    ['google.com pub-123 DIRECT', /3 or 4 comma-separated fields/],
    ['google.com, pub-1, PARTNER', /DIRECT or RESELLER/],
    ['not a domain, 1, DIRECT', /domain/],
    ['google.com, , DIRECT', /account id/],
    ['google.com, 1, DIRECT, f08c-47', /certification/],
    ['OWNER=example.com', /Unknown ads.txt variable/],
    ['OWNERDOMAIN=', /needs a value/],
    ['a.com, 1, DIRECT\nb.com, 2, DIRECT', /line break/],
  ])('rejects %j', (line, message) => {
    expect(validateAdsTxtLine(line)).toMatch(message);
  });
});

describe('ads.txt from the site config', () => {
  it('has the AdSense line from the publisher id, OWNERDOMAIN and the extra lines', () => {
    const r = configWith((c) => {
      c.ads.adsTxt = [
        'openx.com, 540000000, RESELLER, 6a698e2ec38604c6',
        { platform: 'adsterra', line: 'adsterra.com, 777, DIRECT' },
      ];
    });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const text = adsTxt(r.config);
    const lines = text.trim().split('\n');
    expect(lines).toContain('google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0');
    expect(lines).toContain(`OWNERDOMAIN=${r.config.site.domain}`);
    expect(lines).toContain('openx.com, 540000000, RESELLER, 6a698e2ec38604c6');
    expect(lines).toContain('adsterra.com, 777, DIRECT');
    for (const l of lines) expect(validateAdsTxtLine(l)).toBeNull();
  });

  it('writes no line for a disabled platform', () => {
    const r = configWith((c) => {
      for (const p of c.ads.platforms) p.enabled = false;
      c.ads.adsTxt = [{ platform: 'adsterra', line: 'adsterra.com, 777, DIRECT' }];
    });
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const text = adsTxt(r.config);
    expect(text).not.toContain('google.com');
    expect(text).not.toContain('adsterra.com');
    expect(text).toContain('OWNERDOMAIN=');
  });

  it('names the JSON path of a bad line when the config is validated (build time)', () => {
    const r = configWith((c) => {
      c.ads.adsTxt = ['openx.com, 540000000, RESELLER', 'openx.com 540000000 RESELLER'];
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([{ path: 'ads.adsTxt[1]', message: expect.stringMatching(/comma-separated/) }]);
  });

  it('names the path inside a platform-tied line', () => {
    const r = configWith((c) => {
      c.ads.adsTxt = [{ platform: 'adsterra', line: 'adsterra.com, 1, SOMETIMES' }];
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]?.path).toBe('ads.adsTxt[0].line');
  });
});

describe('ads.txt deploy headers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'adstxt-'));
  writeFileSync(join(dir, 'ads.txt'), 'OWNERDOMAIN=example.com\n');
  writeFileSync(join(dir, 'robots.txt'), '');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves /ads.txt as text/plain with one Cache-Control value', () => {
    const rules = cacheRules(dir);
    const h = headersFor(rules, '/ads.txt');
    expect(h['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(h['Cache-Control']).toBe(Object.fromEntries(ADS_TXT_HEADERS)['Cache-Control']);
    expect(headersFor(rules, '/robots.txt')['Content-Type']).toBeUndefined();
  });

  it('has an exact nginx location for /ads.txt', () => {
    const nginx = formatNginx(
      [{ path: '/*', headers: [['X-Content-Type-Options', 'nosniff']] }, ...cacheRules(dir)],
      '/srv',
    );
    expect(nginx).toContain('location = /ads.txt {');
    expect(nginx).toContain('default_type "text/plain; charset=utf-8";');
    const block = nginx.slice(nginx.indexOf('location = /ads.txt {'), nginx.indexOf('location / {'));
    expect(block).toContain('add_header Cache-Control "public, max-age=3600" always;');
    expect(block).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(block).not.toContain('max-age=300');
  });
});
