/**
 * The README table of current figures per page type: weight from the weight gate and, when
 * measured, Lighthouse medians. Written between `<!-- figures:start -->` and
 * `<!-- figures:end -->` in README.md, or to docs/figures.md while README.md has no markers.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { LighthouseFigures } from './lighthouse.ts';
import { PAGE_TYPES } from './pages.ts';
import type { TypeFigures } from './weight.ts';

export const START = '<!-- figures:start -->';
export const END = '<!-- figures:end -->';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** Transferred JS in Lighthouse's unit (1 KB = 1,000 bytes). */
const kbLh = (bytes: number) => (bytes / 1000).toFixed(1);

export function figuresTable(
  weight: Record<string, TypeFigures>,
  lighthouse: Record<string, LighthouseFigures & { url: string }> = {},
  meta: { site: string; date: string },
): string {
  const hasLh = Object.keys(lighthouse).length > 0;
  const head = [
    'page type',
    'pages',
    'HTML KB',
    'HTML KB w/o props',
    'JS KB',
    'JS KB gzip',
    'JS KB br',
    'JS requests',
    'JS KB gzip, ads accepted',
    'CSS KB gz',
  ];
  if (hasLh) head.push('Perf', 'A11y', 'BP', 'SEO', 'FCP ms', 'LCP ms', 'CLS', 'TBT ms');
  // Page-type order, not key order ("404" would sort first as an integer-like key).
  const order = (t: string) => (PAGE_TYPES as readonly string[]).indexOf(t);
  const entries = Object.entries(weight).sort(([a], [b]) => order(a) - order(b));
  const rows = entries.map(([type, w]) => {
    const row = [
      type,
      String(w.pages),
      kb(w.html),
      kb(w.htmlNoProps),
      kbLh(w.js),
      kbLh(w.jsGzip),
      kbLh(w.jsBr),
      String(w.jsRequests),
      w.jsAcceptedAds ? kbLh(w.jsAcceptedAds) : '',
      kb(w.css),
    ];
    const lh = lighthouse[type];
    if (hasLh)
      row.push(
        ...(lh
          ? [
              String(lh.performance),
              String(lh.accessibility),
              String(lh.bestPractices),
              String(lh.seo),
              String(Math.round(lh.fcp)),
              String(Math.round(lh.lcp)),
              lh.cls.toFixed(3),
              String(Math.round(lh.tbt)),
            ]
          : ['', '', '', '', '', '', '', '']),
      );
    return row;
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    `Site \`${meta.site}\`, measured ${meta.date} by \`npm run audit\`. Sizes are of the heaviest page of each type` +
      ' (all languages), in raw bytes, and without its island props (the data handed to its islands); JS: what Chromium fetches before any interaction (transferred as served, 1 KB = 1,000 bytes;' +
      ' the same files served with gzip and with Brotli; and script requests; and served with gzip to a returning visitor who accepted ads, one page of the type); CSS: gzip bytes of the linked stylesheets' +
      (hasLh ? '; Lighthouse: default mobile config, median of 3 runs.' : '.'),
    '',
    line(head),
    line(head.map((_, i) => (i === 0 ? '---' : '---:'))),
    ...rows.map(line),
  ].join('\n');
}

/**
 * Puts the table in README.md between the markers, else in docs/figures.md (between its markers,
 * keeping the rest of the file; a new file when it has none). Returns the file written.
 */
export function writeFigures(root: string, table: string): string {
  const between = (file: string) => {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    if (start === -1 || end < start) return false;
    writeFileSync(file, `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`);
    return true;
  };
  const readme = join(root, 'README.md');
  if (between(readme)) return readme;
  const doc = join(root, 'docs/figures.md');
  if (between(doc)) return doc;
  mkdirSync(dirname(doc), { recursive: true });
  writeFileSync(doc, `# Current figures\n\n${START}\n${table}\n${END}\n`);
  return doc;
}
