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
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deferUntilPainted } from './after-paint.ts';
import { rewriteHtmlFiles } from './html-fixes.ts';

import { pageClasses, pageTags } from './page-markup.ts';

export { pageClasses, pageTags };

export type CssNode =
  | { kind: 'raw'; text: string }
  | { kind: 'rule'; selector: string; text: string; needs: Need[] }
  | { kind: 'block'; prelude: string; children: CssNode[] };

/** What one selector of a rule needs of the page's markup to match anything. */
export interface Need {
  classes: string[];
  /** Element names outside parentheses (every compound of the selector must find its element). */
  tags: string[];
}

const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/i;
/**
 * States a page shows only once the visitor acts (pointer over, focus, press): their rules wait
 * for the stylesheet. Under :not() they describe the resting state and are kept.
 */
const INTERACTION = /:(hover|focus|focus-visible|focus-within|active)(?![\w-])/i;

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

/**
 * Pseudo-elements that exist only inside one kind of form field (the reset's rules for date
 * pickers, file buttons and number spinners: about 1 KB): they need a field of that kind, named
 * as pageTags names it (`input:date`, …).
 */
const FIELD_PSEUDOS: ReadonlyArray<readonly [RegExp, string]> = [
  [/::-webkit-(?:datetime-edit|date-and-time-value|calendar-picker-indicator)/i, 'input:date'],
  [/::file-selector-button|::-webkit-file-upload-button/i, 'input:file'],
  [/::-webkit-(?:inner|outer)-spin-button/i, 'input:number'],
];

/**
 * What a selector needs of the page: its classes (classesNeeded) and the element names at the top
 * level of its compounds; undefined when it matches only in a state the visitor brings about
 * (hover, focus, press), which the first paint does not show.
 */
export function selectorNeed(selector: string): Need | undefined {
  const s = selector.trim();
  let bare = '';
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\') {
      bare += '__';
      i++;
    } else if (c === '"' || c === "'") {
      for (i++; i < s.length && s[i] !== c; i++) if (s[i] === '\\') i++;
      bare += '__';
    } else if (c === '[') {
      for (i++; i < s.length && s[i] !== ']'; i++) {
        if (s[i] === '\\') i++;
        else if (s[i] === '"' || s[i] === "'") for (const q = s[i++]; i < s.length && s[i] !== q; i++);
      }
      bare += '[]';
    } else if (c === ':' && s.slice(i, i + 5).toLowerCase() === ':not(') {
      let d = 0;
      for (i += 4; i < s.length; i++) {
        if (s[i] === '\\') i++;
        else if (s[i] === '(') d++;
        else if (s[i] === ')' && --d === 0) break;
      }
    } else {
      if (c === '(') depth++;
      else if (c === ')') depth--;
      // Parentheses are marked so element names inside them (alternatives of :is/:where) are skipped.
      bare += depth > 0 && c !== '(' ? '\u0000' : c;
    }
  }
  if (INTERACTION.test(s.replace(/:not\((?:[^()]|\([^()]*\))*\)/gi, ''))) return undefined;
  const tags = [...bare.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase());
  for (const [pseudo, field] of FIELD_PSEUDOS) if (pseudo.test(s)) tags.push(field);
  return { classes: classesNeeded(s), tags };
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
      const needs = splitTop(prelude, ',')
        .map(selectorNeed)
        .filter((n): n is Need => n !== undefined);
      nodes.push({ kind: 'rule', selector: prelude, text, needs });
    }
    i = end;
  }
  return nodes;
}

/**
 * At-rules the first paint does without: animations (the element paints in its first frame and
 * starts moving once the stylesheet is in) and web fonts (text paints at once in the
 * metric-matched fallback, whose local() @font-face stays) when they swap in. A web font with
 * `font-display: optional` stays inline (issue 43): it never swaps in after the first paint, so it
 * is used from the first paint when the browser has it at once (cached) and not at all on that
 * page otherwise. Left to the stylesheet with `swap`, Inter moved text when the stylesheet applied:
 * matched line metrics keep the line heights, not the glyph widths.
 */
/**
 * Declarations of how things move (transitions, animations): no use before the first change, which
 * the first paint does not show; a rule left with nothing else goes.
 */
const MOTION_DECL = /(?<=[{;])(?:transition|animation)[\w-]*:[^;}]*;?/g;
const LATER_AT_RULE = /^@(?:-webkit-)?keyframes\b|^@font-face\s*\{(?![^}]*font-display:\s*optional)[^}]*\burl\(/i;

/**
 * The rules of `nodes` that the page with these classes (and, when given, these elements) uses,
 * as CSS text, without rules for interaction states and without the at-rules of LATER_AT_RULE.
 */
export function usedCss(nodes: CssNode[], classes: ReadonlySet<string>, tags?: ReadonlySet<string>): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'raw') {
      if (!LATER_AT_RULE.test(n.text)) out += n.text;
    } else if (n.kind === 'rule') {
      if (
        n.needs.some(
          (need) => need.classes.every((c) => classes.has(c)) && (!tags || need.tags.every((t) => tags.has(t))),
        )
      ) {
        const text = n.text.replace(MOTION_DECL, '').replace(/;\}$/, '}');
        if (!text.endsWith('{}')) out += text;
      }
    } else if (/^@layer\s+properties$/i.test(n.prelude)) {
      // Tailwind's fallback values of its variables for browsers without @property (Safari
      // before 16.4, Firefox before 128), behind @supports: they get them with the stylesheet.
      // The empty block keeps the layer first in the order.
      out += `${n.prelude}{}`;
    } else {
      const inner = usedCss(n.children, classes, tags);
      // An empty @layer block still declares the layer's order: keep it.
      if (inner || /^@layer\b/i.test(n.prelude)) out += `${n.prelude}{${inner}}`;
    }
  }
  return out;
}

const VAR_USE = /var\(\s*(--[\w-]+)/g;
/** A custom property declaration: `--name:value` up to the next `;` or `}`. */
const CUSTOM_DECL = /([{;])(--[\w-]+):([^;{}]*)(?=[;}])/g;

/**
 * `css` without the custom properties nothing reads: a declaration `--x:…` and an `@property --x`
 * stay only when `var(--x)` appears in the rest of the CSS, in a value that stays, or in `alsoRead`
 * (the page's markup: inline styles). Tailwind declares every theme variable a page's utilities
 * might use and a fallback value of every `--tw-*` variable; a variable no rule reads changes
 * nothing on screen. Rules and blocks left empty are dropped (an empty @layer block stays: it
 * declares the layer's order).
 */
export function dropUnreadVars(css: string, alsoRead = ''): string {
  const values = new Map<string, string[]>();
  const rest = css.replace(CUSTOM_DECL, (_, open: string, name: string, value: string) => {
    values.set(name, [...(values.get(name) ?? []), value]);
    return open;
  });
  const read = new Set<string>();
  const queue = [
    ...rest.replace(/@property\s+--[\w-]+\s*\{[^}]*\}/g, '').matchAll(VAR_USE),
    ...alsoRead.matchAll(VAR_USE),
  ].map((m) => m[1]!);
  while (queue.length) {
    const name = queue.pop()!;
    if (read.has(name)) continue;
    read.add(name);
    for (const v of values.get(name) ?? []) for (const m of v.matchAll(VAR_USE)) queue.push(m[1]!);
  }
  let out = css
    .replace(CUSTOM_DECL, (all, open: string, name: string) => (read.has(name) ? all : open === '{' ? open : ''))
    .replace(/@property\s+(--[\w-]+)\s*\{[^}]*\}/g, (all, name: string) => (read.has(name) ? all : ''))
    .replace(/\{;+/g, '{')
    .replace(/;+\}/g, '}');
  for (let prev = ''; prev !== out; ) {
    prev = out;
    out = out.replace(/(^|[{};])((?!@layer\b)[^{};]+)\{\}/g, '$1');
  }
  return out;
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
  let tags: Set<string> | undefined;
  const out = html.replace(STYLESHEET_LINK, (link, href: string) => {
    const nodes = sheets(href);
    if (!nodes) return link;
    classes ??= pageClasses(html);
    tags ??= pageTags(html);
    links.push(link);
    const css = dropUnreadVars(usedCss(nodes, classes, tags), html);
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
  if (links.length === 0) return html;
  const bodyEnd = out.lastIndexOf('</body>');
  return bodyEnd < 0 ? out + links.join('') : out.slice(0, bodyEnd) + links.join('') + out.slice(bodyEnd);
}

/** A web font's @font-face that the critical CSS carries (`font-display: optional`, a url() source). */
const INLINE_FONT_FACE = /@font-face\s*\{(?=[^}]*font-display:\s*optional)(?=[^}]*\burl\()[^}]*\}/gi;

/**
 * The stylesheet without the @font-face rules every page already has inline: declared again by
 * the stylesheet, the same font became a second face that loaded at once from the cache when the
 * stylesheet applied, and the text swapped to it after the first paint (issue 43).
 */
export function withoutInlineFontFaces(css: string): string {
  return css.replace(INLINE_FONT_FACE, '');
}

/**
 * Applies `inlineCriticalCss` to every HTML file under `dir`, then starts its stylesheet and module
 * scripts after the first paint (./after-paint.ts), and takes the web fonts the pages now carry
 * inline out of the stylesheets (withoutInlineFontFaces); returns how many HTML files changed.
 */
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
    return deferUntilPainted(inlineCriticalCss(html, sheets));
  }).then(async (changed) => {
    for (const [href, nodes] of parsed) {
      if (!nodes) continue;
      const file = join(dir, href);
      const css = await readFile(file, 'utf8');
      const trimmed = withoutInlineFontFaces(css);
      if (trimmed !== css) await writeFile(file, trimmed);
    }
    return changed;
  });
}

/** The Astro integration: runs `inlineCriticalCssInSite` over the output when the build is done. */
export function criticalCss() {
  return {
    name: 'critical-css',
    hooks: {
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const changed = await inlineCriticalCssInSite(fileURLToPath(dir));
        logger.info(`used CSS inline, stylesheet and module scripts started after the first paint: ${changed} pages`);
      },
    },
  };
}
