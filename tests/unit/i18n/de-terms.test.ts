/**
 * German names the deals one way: "Top-Deals" (page title, home stats, site texts), never
 * "Heiße Deals" next to it; the hot badge follows ("Top").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every string in a JSON value, with its path. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

function germanTexts(): [string, string][] {
  const dir = join(ROOT, 'src/i18n/locales/de');
  const locale = readdirSync(dir).flatMap((f) =>
    strings(JSON.parse(readFileSync(join(dir, f), 'utf8'))).map(([p, v]) => [`de/${f}: ${p}`, v] as [string, string]),
  );
  const site = strings(JSON.parse(readFileSync(join(ROOT, 'sites/default.json'), 'utf8')))
    .filter(([p]) => p.endsWith('.de'))
    .map(([p, v]) => [`sites/default.json: ${p}`, v] as [string, string]);
  const content = ['src/content/pages/de', 'src/content/blog/de'].flatMap((d) =>
    readdirSync(join(ROOT, d)).map((f) => [`${d}/${f}`, readFileSync(join(ROOT, d, f), 'utf8')] as [string, string]),
  );
  return [...locale, ...site, ...content];
}

describe('German deal wording', () => {
  const texts = germanTexts();
  it('never says "Heiße Deals" (or "heißesten Deals") next to "Top-Deals"', () => {
    expect(texts.filter(([, v]) => /hei(ß|ss)\w*\s+deals?/i.test(v)).map(([p]) => p)).toEqual([]);
  });
  it('calls them Top-Deals where the English says Hot Deals', () => {
    const de = (file: string) => JSON.parse(readFileSync(join(ROOT, 'src/i18n/locales/de', file), 'utf8'));
    expect(de('home.json')['stats.deals']).toBe('Top-Deals');
    expect(de('common.json')['page.deals.title']).toMatch(/^Top-Deals/);
    expect(de('deals.json')['card.hot']).toBe('Top');
  });
});
