/**
 * The words the page's clock labels say (src/page-chrome/clock-labels.ts), each with its plural
 * forms: shipped in the listings' script as `virtual:clock-words` (src/astro/site-config-plugin.ts),
 * for the site's languages, rather than in every page's HTML (listing pages stay under 90 KB).
 */
export const CLOCK_LABEL_KEYS: readonly string[] = [
  'offers:ends.minutes',
  'offers:ends.hours',
  'offers:ends.ended',
  'health:card.lastWorked',
  'health:card.justNow',
];
