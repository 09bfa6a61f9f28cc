/**
 * Paint in one round trip: each built page carries, inline in its <head>, the part of the site
 * stylesheet its own markup uses, and loads the whole stylesheet without blocking the first
 * paint (its <link> moves to the end of <body>: the content above it paints with the inline
 * rules, and the page's module scripts still run after it has loaded, so hydrated islands have
 * every rule). An Astro integration (astro.config.mjs), after htmlFixes.
 *
 * Which rules a page uses, without a browser: a style rule is kept when one of its selectors
 * needs only classes the page has (class attributes, and quoted words of its inline scripts,
 * which add classes such as `js` before the first paint; classes under :not() are not needed).
 * Rules without classes (element, attribute and universal selectors), @font-face, @property,
 * @keyframes and other at-rules are kept; @media, @supports, @layer and @container blocks keep
 * their used rules. A rule kept by mistake costs bytes; one left out paints once the stylesheet
 * has loaded, as before.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rewriteHtmlFiles } from './html-fixes.ts';

export type CssNode =
  | { kind: 'raw'; text: string }
  | { kind: 'rule'; selector: string; text: string; needs: string[][] }
  | { kind: 'block'; prelude: string; children: CssNode[] };

const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/i;

/** Index after the block that opens at `open` (a "{"), skipping strings and comments. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2);
      if (i < 0) return css.length;
      i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

/** Splits on `sep` outside parentheses, brackets and strings. */
function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

/** The classes one selector needs: those outside :not(…) and outside [attribute] tests. */
export function classesNeeded(selector: string): string[] {
  const s = selector;
  const out: string[] = [];
  const skipQuoted = (i: number) => {
    const q = s[i];
    for (i++; i < s.length && s[i] !== q; i++) if (s[i] === '\\') i++;
    return i;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") i = skipQuoted(i);
    else if (c === '[') {
      for (i++; i < s.length && s[i] !== ']'; i++) {
        if (s[i] === '\\') i++;
        else if (s[i] === '"' || s[i] === "'") i = skipQuoted(i);
      }
    } else if (c === ':' && s.slice(i, i + 5).toLowerCase() === ':not(') {
      let depth = 0;
      for (i += 4; i < s.length; i++) {
        if (s[i] === '\\') i++;
        else if (s[i] === '"' || s[i] === "'") i = skipQuoted(i);
        else if (s[i] === '(') depth++;
        else if (s[i] === ')' && --depth === 0) break;
      }
    } else if (c === '.') {
      let name = '';
      for (i++; i < s.length; i++) {
        const d = s[i]!;
        if (d === '\\') name += s[++i] ?? '';
        else if (/[\w-]/.test(d) || d.charCodeAt(0) > 0x7f) name += d;
        else break;
      }
      i--;
      if (name) out.push(name);
    }
  }
  return out;
}

/** Parses a (minified) stylesheet into rules and blocks. */
export function parseCss(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i]!)) i++;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    // The prelude runs to the first "{" or ";" outside strings and parentheses.
    let j = i;
    let depth = 0;
    for (; j < css.length; j++) {
      const c = css[j];
      if (c === '\\') j++;
      else if (c === '"' || c === "'") {
        for (j++; j < css.length && css[j] !== c; j++) if (css[j] === '\\') j++;
      } else if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth === 0 && (c === '{' || c === ';' || c === '}')) break;
    }
    if (j >= css.length || css[j] !== '{') {
      // A statement (@charset, @import, @layer a,b;) or stray text: kept as it is.
      const text = css.slice(i, Math.min(j + 1, css.length)).trim();
      if (text && text !== '}') nodes.push({ kind: 'raw', text });
      i = j + 1;
      continue;
    }
    const prelude = css.slice(i, j).trim();
    const end = blockEnd(css, j);
    const text = css.slice(i, end);
    if (GROUPING.test(prelude)) {
      nodes.push({ kind: 'block', prelude, children: parseCss(css.slice(j + 1, end - 1)) });
    } else if (prelude.startsWith('@')) {
      nodes.push({ kind: 'raw', text });
    } else {
      nodes.push({ kind: 'rule', selector: prelude, text, needs: splitTop(prelude, ',').map(classesNeeded) });
    }
    i = end;
  }
  return nodes;
}

/** The rules of `nodes` that the page with these classes uses, as CSS text. */
export function usedCss(nodes: CssNode[], classes: ReadonlySet<string>): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'raw') out += n.text;
    else if (n.kind === 'rule') {
      if (n.needs.some((need) => need.every((c) => classes.has(c)))) out += n.text;
    } else {
      const inner = usedCss(n.children, classes);
      // An empty @layer block still declares the layer's order: keep it.
      if (inner || /^@layer\b/i.test(n.prelude)) out += `${n.prelude}{${inner}}`;
    }
  }
  return out;
}

/** Every class the page's markup has, and the quoted words of its inline scripts. */
export function pageClasses(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi))
    for (const c of (m[1] ?? m[2] ?? m[3] ?? '').split(/\s+/)) if (c) out.add(decodeEntities(c));
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))
    for (const w of m[1]!.matchAll(/["'`]([\w-]+)["'`]/g)) out.add(w[1]!);
  return out;
}

function decodeEntities(s: string): string {
  return s.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'quot' ? '"' : e === '#39' ? "'" : e === 'lt' ? '<' : '>',
  );
}

const STYLESHEET_LINK = /<link\s+rel="?stylesheet"?\s+href="?(\/[^"\s>]+\.css)"?\s*\/?>/gi;

/**
 * The page with its used rules of each same-origin stylesheet inline in <head> (where the link
 * was) and the links moved to the end of <body>. `sheets` gives a stylesheet's parsed rules by
 * URL path (undefined: left alone). Unchanged when the page links no stylesheet.
 */
export function inlineCriticalCss(html: string, sheets: (href: string) => CssNode[] | undefined): string {
  const links: string[] = [];
  let classes: Set<string> | undefined;
  const out = html.replace(STYLESHEET_LINK, (link, href: string) => {
    const nodes = sheets(href);
    if (!nodes) return link;
    classes ??= pageClasses(html);
    links.push(link);
    return `<style>${usedCss(nodes, classes).replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  if (links.length === 0) return html;
  const bodyEnd = out.lastIndexOf('</body>');
  return bodyEnd < 0 ? out + links.join('') : out.slice(0, bodyEnd) + links.join('') + out.slice(bodyEnd);
}

/** Applies `inlineCriticalCss` to every HTML file under `dir`; returns how many files changed. */
export function inlineCriticalCssInSite(dir: string): Promise<number> {
  const parsed = new Map<string, CssNode[] | undefined>();
  const sheets = (href: string) => parsed.get(href);
  return rewriteHtmlFiles(dir, async (html) => {
    for (const m of html.matchAll(STYLESHEET_LINK)) {
      const href = m[1]!;
      if (parsed.has(href)) continue;
      const css = await readFile(join(dir, href)).then(String, () => undefined);
      parsed.set(href, css === undefined ? undefined : parseCss(css));
    }
    return inlineCriticalCss(html, sheets);
  });
}

/** The Astro integration: runs `inlineCriticalCssInSite` over the output when the build is done. */
export function criticalCss() {
  return {
    name: 'critical-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const changed = await inlineCriticalCssInSite(fileURLToPath(dir));
        logger.info(`used CSS inline, stylesheet moved to the end of <body>: ${changed} pages`);
      },
    },
  };
}
