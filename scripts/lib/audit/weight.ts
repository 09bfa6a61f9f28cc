/**
 * Page weight, from the build output, per page against its page type's budget (budgets.ts).
 *
 * What counts as JS loaded before any interaction (each distinct file once per page, gzip
 * level 9 size of the file as built, as the static server sends it):
 * - <script src> (module or classic) and <link rel="modulepreload">;
 * - every <astro-island>'s component-url and renderer-url, unless it hydrates only on
 *   interaction: client:load, client:idle, client:visible, client:media and client:only all
 *   load without a click, so they all count (conservative: client:visible counts even when
 *   the island is below the fold);
 * - the static imports (`import … from "./x.js"`, `import "./x.js"`) of those files,
 *   transitively. Dynamic import() chunks are not counted: they load on demand.
 * Inline <script> and <style> are part of the HTML bytes and not counted again.
 * CSS: every <link rel="stylesheet"> file (and its @import), gzip. A script or stylesheet
 * from another origin fails the gate: the first paint must not depend on third parties.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { resolveFile } from '../serve/static-server.ts';
import { BUDGETS, type Budget } from './budgets.ts';
import { attr, elements } from './html.ts';
import { type BuiltPage, discoverPages, PAGE_TYPES, type PageType, realPages } from './pages.ts';
import { type GateResult, result } from './types.ts';

export interface PageWeight {
  url: string;
  type: PageType;
  html: number;
  js: number;
  css: number;
  jsFiles: string[];
  cssFiles: string[];
}

export interface TypeFigures {
  pages: number;
  /** Heaviest page of the type, in bytes. */
  html: number;
  js: number;
  css: number;
}

const KB = 1024;
/** Hydration directives that wait for an interaction: our client:interaction (src/lib/astro/interaction-directive.ts). */
const ON_INTERACTION = new Set<string>(['interaction']);

export function measurePage(
  dir: string,
  page: BuiltPage,
  gzCache = new Map<string, number>(),
): PageWeight & {
  foreign: string[];
  missing: string[];
} {
  const foreign: string[] = [];
  const missing: string[] = [];
  const sameOrigin = (u: string) => {
    if (/^(https?:)?\/\//i.test(u)) {
      foreign.push(u);
      return null;
    }
    return new URL(u, `http://x${page.url}`).pathname;
  };
  const js = new Set<string>();
  const css = new Set<string>();
  const jsRoots: string[] = [];
  for (const s of elements(page.doc, 'script', (s) => attr(s, 'src') !== undefined)) jsRoots.push(attr(s, 'src')!);
  for (const l of elements(page.doc, 'link', (l) => /\bmodulepreload\b/i.test(attr(l, 'rel') ?? '')))
    jsRoots.push(attr(l, 'href') ?? '');
  for (const island of elements(page.doc, 'astro-island')) {
    if (ON_INTERACTION.has(attr(island, 'client') ?? '')) continue;
    for (const a of ['component-url', 'renderer-url']) {
      const u = attr(island, a);
      if (u) jsRoots.push(u);
    }
  }
  const visitJs = (url: string) => {
    const path = sameOrigin(url);
    if (!path || js.has(path)) return;
    js.add(path);
    const file = resolveFile(dir, path);
    if (!file) {
      missing.push(path);
      return;
    }
    const code = readFileSync(file, 'utf8');
    // Static imports only: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`.
    for (const m of code.matchAll(
      /(?:^|[;\s}])(?:import|export)\s*(?:[\w*${},\s]+?\s*from\s*)?["']([^"']+\.m?js)["']/g,
    ))
      visitJs(new URL(m[1]!, `http://x${path}`).pathname);
  };
  for (const r of jsRoots) visitJs(r);
  const visitCss = (url: string) => {
    const path = sameOrigin(url);
    if (!path || css.has(path)) return;
    css.add(path);
    const file = resolveFile(dir, path);
    if (!file) {
      missing.push(path);
      return;
    }
    for (const m of readFileSync(file, 'utf8').matchAll(/@import\s+(?:url\()?["']([^"')]+)["']/g))
      visitCss(new URL(m[1]!, `http://x${path}`).pathname);
  };
  for (const l of elements(page.doc, 'link', (l) => /\bstylesheet\b/i.test(attr(l, 'rel') ?? '')))
    visitCss(attr(l, 'href') ?? '');
  const gz = (path: string) => {
    const file = resolveFile(dir, path);
    if (!file || !existsSync(file)) return 0;
    let size = gzCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(file), { level: 9 }).length;
      gzCache.set(file, size);
    }
    return size;
  };
  const sum = (s: Set<string>) => [...s].reduce((n, p) => n + gz(p), 0);
  return {
    url: page.url,
    type: page.type,
    html: Buffer.byteLength(page.html),
    js: sum(js),
    css: sum(css),
    jsFiles: [...js],
    cssFiles: [...css],
    foreign,
    missing,
  };
}

export function runWeightGate(opts: { dir: string; budgets?: Record<PageType, Budget> }): GateResult {
  const budgets = opts.budgets ?? BUDGETS;
  const pages = realPages(discoverPages(opts.dir));
  if (pages.length === 0) return result('weight', [`no HTML pages in ${opts.dir}`]);
  const failures: string[] = [];
  const perType: Partial<Record<PageType, TypeFigures>> = {};
  const cache = new Map<string, number>();
  for (const page of pages) {
    const w = measurePage(opts.dir, page, cache);
    const b = budgets[page.type];
    for (const u of w.foreign) failures.push(`${page.url}: loads ${u} from another origin before any interaction`);
    for (const u of w.missing) failures.push(`${page.url}: loads ${u}, which is not in the build`);
    const over = (what: string, bytes: number, kb: number) => {
      if (bytes > kb * KB)
        failures.push(`${page.url} (${page.type}): ${what} ${(bytes / KB).toFixed(1)} KB over budget ${kb} KB`);
    };
    over('HTML', w.html, b.htmlKB);
    over('JS (gzip)', w.js, b.jsKB);
    over('CSS (gzip)', w.css, b.cssKB);
    const f = perType[page.type] ?? { pages: 0, html: 0, js: 0, css: 0 };
    perType[page.type] = {
      pages: f.pages + 1,
      html: Math.max(f.html, w.html),
      js: Math.max(f.js, w.js),
      css: Math.max(f.css, w.css),
    };
  }
  const ordered = Object.fromEntries(PAGE_TYPES.filter((t) => perType[t]).map((t) => [t, perType[t]]));
  return result('weight', failures, { figures: ordered });
}
