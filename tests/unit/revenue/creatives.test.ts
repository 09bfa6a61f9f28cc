// @vitest-environment happy-dom
/**
 * First-party creatives (issue 25): Amazon Associates product cards carry Amazon's disclosure
 * inside the slot next to the link, no price, rel="sponsored noopener noreferrer"; direct-sold
 * campaigns are labelled Sponsored with rel="sponsored noopener"; every text is text; a
 * non-http(s) link renders nothing.
 */
import { describe, expect, it } from 'vitest';
import { amazonCreative, creativeFits, directCreative } from '../../../src/ads/providers/creatives.ts';
import { type AmazonProduct, type Campaign, campaignSchema } from '../../../src/config/ads-revenue.ts';

const texts = {
  sponsored: 'Sponsored',
  textCta: 'Learn more',
  amazonDisclosure: 'As an Amazon Associate we earn from qualifying purchases.',
  amazonCta: 'View on Amazon',
};
const product: AmazonProduct = {
  asin: 'B08N5WRWNW',
  title: 'Echo Dot <b>smart</b> speaker',
  image: 'https://m.media-amazon.com/images/I/x.jpg',
  url: 'https://www.amazon.com/dp/B08N5WRWNW?tag=site-20',
};
const campaign = (creative: Record<string, unknown>, clickUrl = 'https://acme.example/sale'): Campaign =>
  ({
    ...campaignSchema.parse({
      id: 'acme',
      advertiser: 'Acme',
      creative,
      clickUrl: 'https://acme.example/sale',
      start: '2026-01-01T00:00:00Z',
      end: '2027-01-01T00:00:00Z',
    }),
    clickUrl,
  }) as Campaign;

describe('Amazon product card', () => {
  for (const size of [
    { width: 728, height: 90 },
    { width: 300, height: 250 },
    { width: 320, height: 50 },
  ]) {
    it(`${size.width}x${size.height}: title as text, Amazon's image, tagged link, the disclosure beside it, no price`, () => {
      const card = amazonCreative(document, product, size, texts)!;
      document.body.replaceChildren(card);
      const link = card.querySelector('a')!;
      expect(link.href).toBe(product.url);
      expect(link.rel).toBe('sponsored noopener noreferrer');
      expect(link.target).toBe('_blank');
      expect(card.querySelector('img')!.getAttribute('src')).toBe(product.image);
      expect(card.querySelector('b')).toBeNull();
      expect(card.textContent).toContain('Echo Dot <b>smart</b> speaker');
      const note = card.querySelector('[data-amazon-disclosure]')!;
      expect(note.textContent).toBe(texts.amazonDisclosure);
      // Near the link: in the same card, the link's sibling.
      expect(note.parentElement).toBe(link.parentElement);
      expect(card.textContent).not.toMatch(/[$€£]\s?\d/);
      expect(card.style.height).toBe(`${size.height}px`);
    });
  }
  it('renders nothing for a link that is not http(s)', () => {
    expect(
      amazonCreative(document, { ...product, url: 'javascript:alert(1)' }, { width: 300, height: 250 }, texts),
    ).toBeNull();
  });
});

describe('direct campaign creative', () => {
  it('text card: Sponsored label, rel="sponsored noopener", new tab, text only', () => {
    const a = directCreative(
      document,
      campaign({ type: 'text', title: 'Acme <img src=x onerror=alert(1)>', body: 'Half price', cta: 'Shop' }),
      { width: 728, height: 90 },
      texts,
    )!;
    expect(a.rel).toBe('sponsored noopener');
    expect(a.target).toBe('_blank');
    expect(a.href).toBe('https://acme.example/sale');
    expect(a.querySelector('[data-sponsored-label]')!.textContent).toBe('Sponsored');
    expect(a.querySelector('img')).toBeNull();
    expect(a.textContent).toContain('Acme <img src=x onerror=alert(1)>');
    expect(a.textContent).toContain('Shop');
  });
  it('image creative: its size and alt text, labelled', () => {
    const a = directCreative(
      document,
      campaign({ type: 'image', src: '/ads/acme-728x90.png', width: 728, height: 90, alt: 'Acme: half price' }),
      { width: 728, height: 90 },
      texts,
    )!;
    const img = a.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/ads/acme-728x90.png');
    expect(img.alt).toBe('Acme: half price');
    expect([img.width, img.height]).toEqual([728, 90]);
    expect(a.querySelector('[data-sponsored-label]')!.textContent).toBe('Sponsored');
  });
  it('a creative that does not fit the slot is not eligible for it', () => {
    const big = campaign({ type: 'image', src: '/a.png', width: 300, height: 250, alt: 'A' });
    expect(creativeFits(big, { width: 728, height: 90 })).toBe(false);
    expect(creativeFits(big, { width: 300, height: 250 })).toBe(true);
    expect(creativeFits(campaign({ type: 'text', title: 'A' }), { width: 320, height: 50 })).toBe(true);
  });
  it('renders nothing for a javascript: click URL', () => {
    expect(
      directCreative(
        document,
        campaign({ type: 'text', title: 'A' }, 'javascript:alert(1)'),
        { width: 728, height: 90 },
        texts,
      ),
    ).toBeNull();
  });
});
