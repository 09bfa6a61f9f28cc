/**
 * First-party creatives (issue 25): a direct-sold campaign (image or text card) and an Amazon
 * Associates product card, built as plain DOM from validated config. No third-party script;
 * every text goes in as text. Links: http(s) only, new tab, rel="sponsored noopener" (direct; the
 * advertiser sees the visit come from this site) or rel="sponsored noopener noreferrer" (Amazon).
 */
import type { AmazonProduct, Campaign } from '../../config/ads-revenue.ts';
import type { AdSize } from './types.ts';

export interface CreativeTexts {
  /** "Sponsored" */
  sponsored: string;
  /** "Learn more" (a text card without its own call to action) */
  textCta: string;
  /** Amazon's required statement, e.g. "As an Amazon Associate we earn from qualifying purchases." */
  amazonDisclosure: string;
  /** "View on Amazon" */
  amazonCta: string;
}

function safeHref(url: string, base: string): string | null {
  try {
    const u = new URL(url, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = doc.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Does a campaign's creative fit a slot box? Images need their full size; text cards fit any box 50 px or higher. */
export function creativeFits(c: Pick<Campaign, 'creative'>, size: AdSize): boolean {
  if (c.creative.type === 'image') return c.creative.width <= size.width && c.creative.height <= size.height;
  return size.height >= 50;
}

/** The clickable creative of a direct-sold campaign, sized to the slot; null for a non-http(s) click URL. */
export function directCreative(
  doc: Document,
  c: Campaign,
  size: AdSize,
  texts: CreativeTexts,
): HTMLAnchorElement | null {
  const href = safeHref(c.clickUrl, doc.baseURI);
  if (!href) return null;
  const a = el(
    doc,
    'a',
    'relative flex items-center justify-center overflow-hidden rounded-lg border border-line bg-surface text-ink no-underline hover:border-primary focus-visible:outline-2',
  );
  a.href = href;
  a.target = '_blank';
  a.rel = 'sponsored noopener';
  a.setAttribute('data-direct-campaign', c.id);
  a.style.width = `${c.creative.type === 'image' ? c.creative.width : size.width}px`;
  a.style.maxWidth = '100%';
  a.style.height = `${c.creative.type === 'image' ? c.creative.height : size.height}px`;
  const badge = el(
    doc,
    'span',
    'absolute left-1 top-1 z-10 rounded bg-ink/80 px-1.5 text-[10px] font-semibold uppercase leading-4 tracking-wide text-white',
    texts.sponsored,
  );
  badge.setAttribute('data-sponsored-label', '');
  if (c.creative.type === 'image') {
    const img = el(doc, 'img', 'block h-full w-full object-contain');
    img.src = c.creative.src;
    img.alt = c.creative.alt;
    img.width = c.creative.width;
    img.height = c.creative.height;
    img.decoding = 'async';
    a.append(img, badge);
  } else {
    // A text card: the Sponsored label in the flow before the title (never over it); a row with
    // the call to action on the right in banner-height slots, a column in tall ones.
    const tall = size.height >= 150;
    const body = el(
      doc,
      'span',
      `flex w-full gap-3 px-3 ${tall ? 'flex-col items-center justify-center text-center' : 'items-center text-left'}`,
    );
    const words = el(doc, 'span', 'min-w-0 flex-1');
    const head = el(doc, 'span', `flex min-w-0 items-center gap-2 ${tall ? 'flex-col' : ''}`);
    badge.className =
      'shrink-0 rounded bg-ink/80 px-1.5 text-[10px] font-semibold uppercase leading-4 tracking-wide text-white';
    head.append(badge, el(doc, 'span', `min-w-0 font-semibold ${tall ? '' : 'truncate'}`, c.creative.title));
    words.append(head);
    if (c.creative.body && size.height >= 80) {
      words.append(
        el(doc, 'span', `mt-1 text-sm leading-5 text-muted ${tall ? 'line-clamp-3' : 'line-clamp-2'}`, c.creative.body),
      );
    }
    body.append(
      words,
      el(
        doc,
        'span',
        'shrink-0 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-white',
        c.creative.cta ?? texts.textCta,
      ),
    );
    a.append(body);
  }
  return a;
}

/** An Amazon Associates product card with Amazon's disclosure inside the slot, next to the link. No price (Amazon allows only fresh API prices). */
export function amazonCreative(
  doc: Document,
  p: AmazonProduct,
  size: AdSize,
  texts: CreativeTexts,
): HTMLElement | null {
  const href = safeHref(p.url, doc.baseURI);
  if (!href) return null;
  const wide = size.height < 150;
  const box = el(
    doc,
    'div',
    `flex overflow-hidden rounded-lg border border-line bg-surface text-ink ${wide ? 'items-center gap-3 px-2' : 'flex-col items-center justify-center gap-2 p-3 text-center'}`,
  );
  box.setAttribute('data-amazon-product', p.asin);
  box.style.width = `${size.width}px`;
  box.style.maxWidth = '100%';
  box.style.height = `${size.height}px`;
  const link = el(doc, 'a', `flex min-w-0 items-center gap-3 no-underline ${wide ? 'flex-1' : 'flex-col'}`);
  link.href = href;
  link.target = '_blank';
  link.rel = 'sponsored noopener noreferrer';
  const imgSize = Math.max(32, Math.min(wide ? size.height - 12 : 110, 110));
  const img = el(doc, 'img', 'shrink-0 object-contain');
  img.src = p.image;
  img.alt = '';
  img.width = imgSize;
  img.height = imgSize;
  img.decoding = 'async';
  img.referrerPolicy = 'no-referrer';
  const words = el(doc, 'span', 'min-w-0');
  words.append(el(doc, 'span', `font-semibold ${wide ? 'block truncate text-sm' : 'line-clamp-2'}`, p.title));
  if (size.height >= 60) words.append(el(doc, 'span', 'block text-sm text-primary underline', texts.amazonCta));
  link.append(img, words);
  const note = el(
    doc,
    'p',
    `text-[11px] leading-tight text-muted ${wide ? 'max-w-[40%]' : ''}`,
    texts.amazonDisclosure,
  );
  note.setAttribute('data-amazon-disclosure', '');
  box.append(link, note);
  return box;
}
