/**
 * Amazon Associates (issue 25): a configured product (ads.amazon.products) rendered first-party
 * with Amazon's disclosure next to it. No script; the image is Amazon's own (hot-linked, as the
 * Associates IP License requires: product images may not be stored or re-hosted); no price.
 */
import { amazonCreative, type CreativeTexts } from './creatives.ts';
import type { AdProvider } from './types.ts';

export const AMAZON_MIN_HEIGHT = 50;

export function amazonProvider(texts: () => CreativeTexts, lang: () => string): AdProvider {
  return {
    platform: 'amazon',
    supports: (kind, size, registry) =>
      kind === 'banner' && registry.amazonProducts.length > 0 && size.height >= AMAZON_MIN_HEIGHT && size.width >= 234,
    preload: async () => {},
    async render(container, slot, ctx) {
      const products = ctx.registry.amazonProducts.filter((p) => !p.languages || p.languages.includes(lang() as never));
      const product = products[Math.floor(Math.random() * products.length)];
      if (!product) throw new Error('No Amazon product for this language');
      const size = {
        width: Math.min(slot.size.width, container.clientWidth || slot.size.width),
        height: slot.size.height,
      };
      const card = amazonCreative(ctx.doc, product, size, texts());
      if (!card) throw new Error('Amazon product link is not an http(s) address');
      container.appendChild(card);
      return { element: card, size, filled: Promise.resolve(true), dispose: () => card.remove() };
    },
  };
}
