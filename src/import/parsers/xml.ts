/**
 * Streaming XML records (saxes): yields one record per `<recordTag>` element as soon as it closes,
 * so a 100,000-offer feed never sits in memory whole. A record maps each element name inside it
 * to the texts found (`{ "category": ["Apparel", "Shoes"], "couponcode": ["SAVE10"] }`) and each
 * attribute to `@name`. Malformed or truncated XML fails with the line and column.
 */
import { SaxesParser } from 'saxes';
import { FeedError, type FeedText } from '../offer.ts';

export type XmlRecord = { fields: Record<string, string[]>; line: number; index: number };

/** HTML entities networks put in XML text (XML itself knows only five). */
const HTML_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  deg: '°',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ntilde: 'ñ',
  ccedil: 'ç',
};

function push(record: XmlRecord, name: string, value: string): void {
  const list = record.fields[name];
  if (list) list.push(value);
  else record.fields[name] = [value];
}

export async function* xmlRecords(
  text: FeedText,
  source: string,
  root: string,
  recordTag: string,
  onRootAttributes?: (attributes: Record<string, string>) => void,
): AsyncGenerator<XmlRecord> {
  const parser = new SaxesParser({ position: true });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  // Any other HTML entity stays as written; plainText (text.ts) decodes it. Other errors stop the feed.
  parser.on('error', (error) => {
    if (!/undefined entity/.test(error.message)) throw error;
  });
  const ready: XmlRecord[] = [];
  const stack: string[] = [];
  let current: XmlRecord | null = null;
  let textBuf = '';
  let index = 0;
  let sawRoot = false;
  parser.on('opentag', (tag) => {
    if (stack.length === 0) {
      if (tag.name !== root) parser.fail(`expected <${root}> as the root element, found <${tag.name}>`);
      sawRoot = true;
      onRootAttributes?.(tag.attributes as Record<string, string>);
    }
    stack.push(tag.name);
    if (tag.name === recordTag && !current) {
      current = { fields: {}, line: parser.line, index: index++ };
      for (const [k, v] of Object.entries(tag.attributes)) current.fields[`@${k}`] = [String(v)];
    } else if (current) {
      for (const [k, v] of Object.entries(tag.attributes)) push(current, `${tag.name}@${k}`, String(v));
    }
    textBuf = '';
  });
  const onText = (t: string) => {
    if (current) textBuf += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    stack.pop();
    if (!current) return;
    if (tag.name === recordTag && !stack.includes(recordTag)) {
      ready.push(current);
      current = null;
    } else if (textBuf.trim() !== '') {
      push(current, tag.name, textBuf.trim());
    }
    textBuf = '';
  });
  const fail = (error: unknown): never => {
    const message = (error as Error).message;
    const m = /^(?:.*?:)?(\d+):(\d+): (.*)$/s.exec(message);
    throw new FeedError(source, m ? `line ${m[1]}, column ${m[2]}` : '', `not readable XML: ${m ? m[3] : message}`);
  };
  const decoder = new TextDecoder();
  try {
    for await (const chunk of text as AsyncIterable<string | Uint8Array>) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      while (ready.length > 0) yield ready.shift()!;
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof FeedError) throw error;
    fail(error);
  }
  while (ready.length > 0) yield ready.shift()!;
  if (!sawRoot) throw new FeedError(source, 'line 1', `empty: expected <${root}>`);
}

/** The first text of `name` in a record ('' when absent). */
export const first = (r: XmlRecord, name: string): string => r.fields[name]?.[0] ?? '';
