/** Small DOM helpers over htmlparser2 for reading built pages (no browser needed). */
import { DomUtils, parseDocument } from 'htmlparser2';

export type Doc = ReturnType<typeof parseDocument>;
export type El = ReturnType<typeof DomUtils.findAll>[number];

export function parseHtml(text: string): Doc {
  return parseDocument(text, { lowerCaseAttributeNames: true, lowerCaseTags: true });
}

/** Every element matching the tag name (and predicate), in document order. */
export function elements(root: Doc | El, tag: string, pred: (el: El) => boolean = () => true): El[] {
  const children = 'children' in root ? root.children : [];
  return DomUtils.findAll((el) => el.name === tag && pred(el), children);
}

export function attr(el: El, name: string): string | undefined {
  return el.attribs[name];
}

export function text(el: El): string {
  return DomUtils.textContent(el).replace(/\s+/g, ' ').trim();
}

/** Raw text content of a <script>/<style> element. */
export function rawText(el: El): string {
  return DomUtils.textContent(el);
}
