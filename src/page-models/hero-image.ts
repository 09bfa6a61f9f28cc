/** `content.hero.backgroundImage` ("hero/deals.jpg") → its import.meta.glob key ("/src/assets/hero/deals.jpg"). */
export function heroImageKey(image: string): string {
  return `/src/assets/${image.replace(/^\/+/, '')}`;
}
