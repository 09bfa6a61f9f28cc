/**
 * SEO tags, read from the built files:
 * - every page: <html lang>, exactly one <h1>, a non-empty <title> and meta description;
 * - indexable pages (no robots noindex): title and description unique per language; one
 *   self-referencing absolute canonical; hreflang alternates for every language the page is
 *   built in plus x-default (→ default language), each pointing at a built page of that
 *   language with the same path, and reciprocal;
 * - JSON-LD: valid JSON with a schema.org @context and @type; Organization on home;
 *   BreadcrumbList on every other indexable page (positions 1…n, names, URLs of built
 *   pages); ItemList on listing pages that show a list; never Product/Offer markup;
 * - sitemap.xml lists exactly the indexable pages, each with its hreflang alternates, and
 *   robots.txt names it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { attr, elements, rawText, text } from './html.ts';
import { type BuiltPage, defaultLanguage, discoverPages, type PageType, realPages } from './pages.ts';
import { type GateResult, result } from './types.ts';

/** Page types whose lists must be described by an ItemList when a list is shown. */
export const LIST_PAGE_TYPES = new Set<PageType>(['coupons', 'deals', 'brands', 'brand', 'categories', 'category']);
/** Schema types we never emit: promo codes are not products or offers (Google's policy on coupon sites). */
export const FORBIDDEN_LD_TYPES = new Set(['Product', 'Offer', 'AggregateOffer', 'AggregateRating', 'Review']);

type Json = Record<string, unknown>;

function ldTypes(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) ldTypes(n, out);
  else if (node && typeof node === 'object') {
    const t = (node as Json)['@type'];
    if (typeof t === 'string') out.push(t);
    else if (Array.isArray(t)) out.push(...t.filter((x): x is string => typeof x === 'string'));
    for (const v of Object.values(node)) ldTypes(v, out);
  }
  return out;
}

/** A list is shown when <main> holds ≥ 2 <article>s or a ul/ol (outside nav) with ≥ 2 items. */
export function showsList(page: BuiltPage): boolean {
  const main = elements(page.doc, 'main')[0];
  if (!main) return false;
  if (elements(main, 'article').length >= 2) return true;
  const inNav = (el: BuiltPage['doc']['children'][number]) => {
    for (let p = el.parent; p; p = p.parent) if ('name' in p && p.name === 'nav') return true;
    return false;
  };
  return [...elements(main, 'ul'), ...elements(main, 'ol')].some(
    (list) => !inNav(list) && list.children.filter((c) => 'name' in c && c.name === 'li').length >= 2,
  );
}

export function runSeoGate(opts: {
  dir: string;
  origin?: string;
  /** An edge site's pages its Worker renders on demand (URL path): listed in the sitemap, not built. */
  onDemand?: (path: string) => boolean;
}): GateResult {
  const all = realPages(discoverPages(opts.dir));
  if (all.length === 0) return result('seo', [`no HTML pages in ${opts.dir}`]);
  const failures: string[] = [];
  const fail = (p: BuiltPage, msg: string) => failures.push(`${p.url}: ${msg}`);
  const def = defaultLanguage(all);
  const canonicalOf = (p: BuiltPage) =>
    elements(p.doc, 'link', (l) => attr(l, 'rel') === 'canonical').map((l) => attr(l, 'href') ?? '');
  const home = all.find((p) => p.url === '/');
  const origin = (opts.origin ?? new URL(canonicalOf(home ?? all[0]!)[0] ?? 'https://invalid.example').origin).replace(
    /\/$/,
    '',
  );
  const abs = (url: string) => (url === '/' ? `${origin}/` : `${origin}${url}`);
  const indexable = all.filter((p) => !p.noindex);
  const byAbs = new Map(indexable.map((p) => [abs(p.url), p]));
  /** Languages each unlocalized path is built in. */
  const langsOf = new Map<string, Set<string>>();
  for (const p of indexable) langsOf.set(p.path, (langsOf.get(p.path) ?? new Set()).add(p.lang));
  const alternatesOf = new Map<BuiltPage, Map<string, string>>();

  const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
  for (const p of all) {
    if (!p.lang) fail(p, '<html> has no lang attribute');
    const h1s = elements(p.doc, 'h1');
    if (h1s.length !== 1) fail(p, `expected exactly one <h1>, found ${h1s.length}`);
    else if (!text(h1s[0]!)) fail(p, '<h1> is empty');
    const title = elements(p.doc, 'title').map(text);
    const desc = elements(p.doc, 'meta', (m) => attr(m, 'name') === 'description').map((m) => attr(m, 'content') ?? '');
    if (title.length !== 1 || !title[0]) fail(p, `expected one non-empty <title>, found ${title.length}`);
    if (desc.length !== 1 || !desc[0]?.trim()) fail(p, `expected one non-empty meta description, found ${desc.length}`);
    if (p.noindex) continue;
    for (const [kind, value] of [
      ['title', title[0]],
      ['description', desc[0]],
    ] as const) {
      if (!value) continue;
      const key = `${p.lang}\n${value}`;
      const other = seen[kind].get(key);
      if (other) fail(p, `duplicate ${kind} "${value}" (also on ${other})`);
      else seen[kind].set(key, p.url);
    }

    // Canonical
    const canon = canonicalOf(p);
    if (canon.length !== 1) fail(p, `expected one canonical link, found ${canon.length}`);
    else if (canon[0] !== abs(p.url)) fail(p, `canonical ${canon[0]} should be ${abs(p.url)}`);

    // hreflang
    const alts = new Map<string, string>();
    for (const l of elements(
      p.doc,
      'link',
      (l) => attr(l, 'rel') === 'alternate' && attr(l, 'hreflang') !== undefined,
    )) {
      const lang = attr(l, 'hreflang') ?? '';
      if (alts.has(lang)) fail(p, `hreflang ${lang} listed twice`);
      alts.set(lang, attr(l, 'href') ?? '');
    }
    alternatesOf.set(p, alts);
    const expected = [...(langsOf.get(p.path) ?? [])];
    for (const lang of expected) if (!alts.has(lang)) fail(p, `hreflang set misses ${lang}`);
    if (!alts.has('x-default')) fail(p, 'hreflang set misses x-default');
    for (const [lang, href] of alts) {
      if (lang === 'x-default') {
        if (expected.includes(def) && href !== abs(localized(p.path, def, def)))
          fail(p, `x-default ${href} should be the ${def} page ${abs(localized(p.path, def, def))}`);
        continue;
      }
      const target = byAbs.get(href);
      if (!target) fail(p, `hreflang ${lang} → ${href} is not a built indexable page`);
      else if (target.lang !== lang || target.path !== p.path)
        fail(p, `hreflang ${lang} → ${href} is a ${target.lang} page of ${target.path}`);
    }

    // JSON-LD
    const blocks: Json[] = [];
    for (const s of elements(p.doc, 'script', (s) => attr(s, 'type') === 'application/ld+json')) {
      try {
        const parsed = JSON.parse(rawText(s)) as unknown;
        for (const b of Array.isArray(parsed) ? parsed : [parsed]) {
          const ctx = (b as Json)['@context'];
          if (typeof ctx !== 'string' || !/^https?:\/\/schema\.org\/?$/.test(ctx))
            fail(p, `JSON-LD block without a schema.org @context`);
          if (!(b as Json)['@type']) fail(p, 'JSON-LD block without @type');
          blocks.push(b as Json);
        }
      } catch (e) {
        fail(p, `JSON-LD is not valid JSON (${(e as Error).message})`);
      }
    }
    const types = ldTypes(blocks);
    for (const t of types.filter((t) => FORBIDDEN_LD_TYPES.has(t)))
      fail(p, `JSON-LD uses ${t} (never for promo codes)`);
    const top = (t: string) => blocks.filter((b) => b['@type'] === t);
    if (p.type === 'home') {
      const org = top('Organization')[0];
      if (!org) fail(p, 'home page has no Organization JSON-LD');
      else if (!org.name || typeof org.url !== 'string' || !String(org.url).startsWith(origin))
        fail(p, 'Organization JSON-LD needs a name and the site url');
    } else if (top('BreadcrumbList').length !== 1) {
      fail(p, `expected one BreadcrumbList JSON-LD, found ${top('BreadcrumbList').length}`);
    }
    for (const bl of top('BreadcrumbList')) checkListItems(p, 'BreadcrumbList', bl, true);
    for (const il of top('ItemList')) checkListItems(p, 'ItemList', il, false);
    if (LIST_PAGE_TYPES.has(p.type) && showsList(p) && top('ItemList').length === 0)
      fail(p, 'shows a list but has no ItemList JSON-LD');
  }

  // Reciprocity: every page an alternate points to points back.
  for (const [p, alts] of alternatesOf) {
    for (const [lang, href] of alts) {
      if (lang === 'x-default') continue;
      const target = byAbs.get(href);
      const back = target ? alternatesOf.get(target) : undefined;
      if (back && back.get(p.lang) !== abs(p.url))
        fail(p, `hreflang ${lang} → ${href} does not link back to this page`);
    }
  }

  // Sitemap and robots.txt
  const sitemapFile = join(opts.dir, 'sitemap.xml');
  if (!existsSync(sitemapFile)) failures.push('sitemap.xml: missing');
  else {
    const xml = parseDocument(readFileSync(sitemapFile, 'utf8'), { xmlMode: true });
    const urls = DomUtils.getElementsByTagName('url', xml.children);
    const listed = new Set<string>();
    for (const u of urls) {
      const loc = DomUtils.textContent(DomUtils.getElementsByTagName('loc', u.children)[0] ?? u).trim();
      if (listed.has(loc)) failures.push(`sitemap.xml: ${loc} listed twice`);
      listed.add(loc);
      const page = byAbs.get(loc);
      if (!page) {
        const path = URL.canParse(loc) ? new URL(loc).pathname : loc;
        if (!opts.onDemand?.(path)) failures.push(`sitemap.xml: ${loc} is not a built indexable page`);
        continue;
      }
      const alts = new Map(
        DomUtils.getElementsByTagName('xhtml:link', u.children).map((l) => [
          l.attribs.hreflang ?? '',
          l.attribs.href ?? '',
        ]),
      );
      const want = alternatesOf.get(page) ?? new Map();
      const same = alts.size === want.size && [...want].every(([k, v]) => alts.get(k) === v);
      if (!same) failures.push(`sitemap.xml: alternates of ${loc} differ from the page's hreflang links`);
    }
    for (const p of indexable) if (!listed.has(abs(p.url))) failures.push(`sitemap.xml: misses ${abs(p.url)}`);
  }
  const robots = join(opts.dir, 'robots.txt');
  const robotsText = existsSync(robots) ? readFileSync(robots, 'utf8') : '';
  if (!robotsText.split('\n').some((l) => l.trim() === `Sitemap: ${origin}/sitemap.xml`))
    failures.push(`robots.txt: no "Sitemap: ${origin}/sitemap.xml" line`);

  return result('seo', failures, { figures: { pages: all.length, indexable: indexable.length } });

  function checkListItems(p: BuiltPage, kind: string, list: Json, isCrumbs: boolean) {
    const items = list.itemListElement;
    if (!Array.isArray(items) || items.length === 0) {
      fail(p, `${kind} has no itemListElement`);
      return;
    }
    items.forEach((raw, i) => {
      const item = raw as Json;
      if (item['@type'] !== 'ListItem') fail(p, `${kind} item ${i + 1} is not a ListItem`);
      if (item.position !== i + 1) fail(p, `${kind} item ${i + 1} has position ${String(item.position)}`);
      const url = typeof item.item === 'string' ? item.item : typeof item.url === 'string' ? item.url : undefined;
      if (isCrumbs) {
        if (!item.name) fail(p, `${kind} item ${i + 1} has no name`);
        if (url === undefined && i < items.length - 1) fail(p, `${kind} item ${i + 1} has no URL`);
        if (url?.startsWith(origin) && !byAbs.has(url) && !all.some((x) => abs(x.url) === url))
          fail(p, `${kind} item ${i + 1} → ${url} is not a built page`);
      } else if (!item.name && !url && !item.item) fail(p, `${kind} item ${i + 1} has neither name, url nor item`);
    });
  }
}

function localized(path: string, lang: string, def: string): string {
  if (lang === def) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}
