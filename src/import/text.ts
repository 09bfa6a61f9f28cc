/**
 * Feed texts as plain text: tags stripped (their content kept, scripts and styles dropped whole),
 * entities decoded (the `entities` package), whitespace collapsed. The result is only ever rendered
 * as text (React/Astro escape it); nothing from a feed executes. Pure.
 */
import { decodeHTML } from 'entities';

const DROPPED_BLOCKS = /<(script|style|iframe|object|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?[a-z!?][^<>]*>?/gi;
const BREAKS = /<(br|\/p|\/div|\/li)\b[^>]*>/gi;
// Controls other than tab/newline, and the bidi overrides that can spoof text direction.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to remove them
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** "<b>20%</b> off &amp; free&nbsp;delivery" → "20% off & free delivery". */
export function plainText(raw: unknown, maxLength = 2000): string {
  if (typeof raw !== 'string' || raw === '') return '';
  let s = raw.replace(CONTROLS, '').replace(DROPPED_BLOCKS, ' ').replace(BREAKS, ' ');
  // Twice: entity-encoded markup ("&lt;b&gt;") decodes to tags, which are stripped as well.
  for (let i = 0; i < 2; i++) s = decodeHTML(s.replace(TAG, ' ')).replace(CONTROLS, '');
  s = s.replace(TAG, ' ').replace(/\s+/g, ' ').trim();
  return s.length > maxLength ? `${s.slice(0, maxLength - 1).trimEnd()}…` : s;
}
