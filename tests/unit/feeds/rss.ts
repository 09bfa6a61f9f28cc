/**
 * An RSS 2.0 check for tests: well-formed XML (fast-xml-parser's validator), an <rss version="2.0">
 * with one <channel> carrying title, link and description, and items each with a title or a
 * description, an absolute http(s) link, a permalink guid and an RFC 822 pubDate.
 * Returns the channel and its items; throws a message naming what is wrong.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export type RssItem = {
  title?: string;
  link: string;
  guid: string;
  pubDate: string;
  description?: string;
  category?: string[];
};
export type RssChannel = { title: string; link: string; description: string; language?: string; selfLink?: string };

const absolute = (url: unknown) => typeof url === 'string' && /^https?:\/\/[^/\s]+/.test(url) && URL.canParse(url);

export function validateRss(xml: string): { channel: RssChannel; items: RssItem[] } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => name === 'item' || name === 'category',
  }).parse(xml);
  const rss = doc.rss;
  if (rss?.['@version'] !== '2.0') throw new Error('no <rss version="2.0"> root');
  const ch = rss.channel;
  if (!ch || Array.isArray(ch)) throw new Error('exactly one <channel> expected');
  for (const key of ['title', 'link', 'description'] as const) {
    if (typeof ch[key] !== 'string' || !ch[key].trim()) throw new Error(`<channel> needs a non-empty <${key}>`);
  }
  if (!absolute(ch.link)) throw new Error(`<channel><link> is not absolute: ${ch.link}`);
  const items: RssItem[] = (ch.item ?? []).map((it: Record<string, unknown>, i: number) => {
    const guid = it.guid as { '#text'?: string; '@isPermaLink'?: string } | string | undefined;
    const guidText = typeof guid === 'string' ? guid : guid?.['#text'];
    if (!it.title && !it.description) throw new Error(`item ${i}: needs a <title> or a <description>`);
    if (!absolute(it.link)) throw new Error(`item ${i}: <link> is not an absolute http(s) address: ${String(it.link)}`);
    if (!guidText) throw new Error(`item ${i}: no <guid>`);
    if (typeof guid === 'object' && guid['@isPermaLink'] === 'true' && !absolute(guidText))
      throw new Error(`item ${i}: a permalink <guid> must be absolute`);
    if (
      typeof it.pubDate !== 'string' ||
      !/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(it.pubDate)
    )
      throw new Error(`item ${i}: <pubDate> is not an RFC 822 date: ${String(it.pubDate)}`);
    return { ...(it as object), guid: guidText } as RssItem;
  });
  const self = ch['atom:link'] as { '@href'?: string; '@rel'?: string } | undefined;
  return {
    channel: {
      title: ch.title,
      link: ch.link,
      description: ch.description,
      ...(ch.language ? { language: ch.language } : {}),
      ...(self?.['@rel'] === 'self' && self['@href'] ? { selfLink: self['@href'] } : {}),
    },
    items,
  };
}
