/**
 * Turns a content entry's rendered Markdown into what a page shows: {tokens} filled from the
 * site config (site name, contact addresses…), site links localized to the page's language,
 * and the body split at `<!-- block:name -->` markers where generated parts (the contact
 * form, the storage table…) go. Pure string work, run at build time.
 */
import { localizePath } from '../i18n/paths.ts';

export type Tokens = Readonly<Record<string, string>>;

export class ContentError extends Error {}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * Replaces `{name}` (and its URL-encoded form `%7Bname%7D`, as Markdown leaves it in a link)
 * with the escaped token value. An unknown name is an error, so no placeholder reaches a page.
 */
export function fillTokens(html: string, tokens: Tokens, where = 'content'): string {
  return html.replace(
    /\{([a-zA-Z][a-zA-Z0-9]*)\}|%7B([a-zA-Z][a-zA-Z0-9]*)%7D/g,
    (_, plain?: string, encoded?: string) => {
      const name = (plain ?? encoded)!;
      const value = tokens[name];
      if (value === undefined)
        throw new ContentError(`${where}: unknown token {${name}}; known tokens: ${Object.keys(tokens).join(', ')}`);
      return encoded ? encodeURI(value) : escapeHtml(value);
    },
  );
}

/** `href="/help"` → `href="/es/help"` on a Spanish page; other links are left alone. */
export function localizeLinks(html: string, lang: string, defaultLang: string): string {
  return html.replace(/href="(\/(?!\/)[^"?#]*)([^"]*)"/g, (_, pathname: string, suffix: string) => {
    return `href="${localizePath(pathname, lang, defaultLang)}${suffix}"`;
  });
}

export type Segment = { kind: 'html'; html: string } | { kind: 'block'; name: string };

/** Splits rendered HTML at `<!-- block:name -->` comments. */
export function splitBlocks(html: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of html.matchAll(/<!--\s*block:([a-z][a-z0-9-]*)\s*-->/g)) {
    const before = html.slice(last, m.index);
    if (before.trim()) out.push({ kind: 'html', html: before });
    out.push({ kind: 'block', name: m[1]! });
    last = m.index + m[0].length;
  }
  const tail = html.slice(last);
  if (tail.trim()) out.push({ kind: 'html', html: tail });
  return out;
}

/** The whole pipeline for one rendered body. */
export function prepareBody(
  html: string,
  opts: { tokens: Tokens; lang: string; defaultLang: string; where: string; blocks?: readonly string[] },
): Segment[] {
  const segments = splitBlocks(localizeLinks(fillTokens(html, opts.tokens, opts.where), opts.lang, opts.defaultLang));
  if (opts.blocks) {
    for (const s of segments)
      if (s.kind === 'block' && !opts.blocks.includes(s.name))
        throw new ContentError(
          `${opts.where}: unknown block "${s.name}"; this page knows ${opts.blocks.join(', ') || 'none'}`,
        );
  }
  return segments;
}

/**
 * A short text from frontmatter (an FAQ answer, a step) as HTML: escaped, with `[text](url)`
 * links (site paths localized; http(s) and mailto only), `**bold**` and {tokens}.
 */
export function inlineHtml(text: string, opts: { tokens: Tokens; lang: string; defaultLang: string; where: string }) {
  const escaped = escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) => {
      const ok = href.startsWith('/') || /^(https?:|mailto:|%7B|\{)/i.test(href);
      if (!ok) throw new ContentError(`${opts.where}: link "${href}" must be a site path, http(s) or mailto`);
      const external = /^https?:/i.test(href);
      return external
        ? `<a href="${href}" rel="noopener noreferrer" target="_blank">${label}</a>`
        : `<a href="${href}">${label}</a>`;
    });
  return localizeLinks(fillTokens(escaped, opts.tokens, opts.where), opts.lang, opts.defaultLang);
}

/** Minutes to read a Markdown body at 220 words a minute (at least 1). */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/[#>*_`[\]()!-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 220));
}

/** {tokens} in plain text (titles, descriptions): filled unescaped, for Astro to escape once. */
export function fillText(text: string, tokens: Tokens, where = 'content'): string {
  return text.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (_, name: string) => {
    const value = tokens[name];
    if (value === undefined) throw new ContentError(`${where}: unknown token {${name}}`);
    return value;
  });
}

/** Plain text of an inline answer (for JSON-LD): links become their label, markup dropped. */
export function inlineText(text: string, tokens: Tokens, where = 'content'): string {
  return fillText(text.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1'), tokens, where);
}
