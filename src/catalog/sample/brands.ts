/**
 * The sample's store names (invented; brand names are proper names, the same in every
 * language), the generator's name scheme for larger catalogs, and their lettermark logos.
 */

/** 50 invented store names, a few per category (index % 12 gives the category). */
export const SAMPLE_BRAND_NAMES = [
  'Voltura',
  'Threadline',
  'Nestwell',
  'Glowhaus',
  'Wanderbird',
  'Crumb & Co',
  'Peakstride',
  'Toybox Lane',
  'Vitaleaf',
  'Pagecraft',
  'Pawsome Supply',
  'Gearshift Auto',
  'Circuit Bay',
  'Loom & Lark',
  'Hearthly',
  'Lumière Lab',
  'Jetsetter Hub',
  'Spoonful Market',
  'Trailforge',
  'Brickplay',
  'Purewell',
  'Inkwell Books',
  'Tailwag Co',
  'Roadready',
  'Pixel Harbor',
  'Stitch Avenue',
  'Greenhaven',
  'Velvet Bloom',
  'Globetrot',
  'Daily Grind',
  'Summit Sports',
  'Puzzle Nook',
  'Mindful Body',
  'Story Shelf',
  'Whisker World',
  'Torque Town',
  'Soundwave Direct',
  'Urban Thread',
  'Cozy Corner',
  'Silk & Stone',
  'Harbor Stays',
  'Fresh Plate',
  'Ridgeline Outfitters',
  'Playful Panda',
  'Evergreen Health',
  'Vinyl Vault',
  'Feather & Fin',
  'Motorworks',
  'Nova Tech',
  'Kindred Closet',
];

const NAME_A = ['Blue', 'Bright', 'North', 'Silver', 'Golden', 'Urban', 'Happy', 'Wild', 'Clever', 'Swift', 'Cedar'];
const NAME_B = ['Fox', 'Harbor', 'Pine', 'Market', 'Works', 'Supply', 'Studio', 'Outlet', 'Depot', 'Goods', 'House'];

/** The i-th generated store name: "Blue Fox", "Bright Fox", …, then "Blue Fox 2", … */
export function generatedBrandName(i: number): string {
  const base = `${NAME_A[i % NAME_A.length]} ${NAME_B[Math.floor(i / NAME_A.length) % NAME_B.length]}`;
  const round = Math.floor(i / (NAME_A.length * NAME_B.length));
  return round === 0 ? base : `${base} ${round + 1}`;
}

/** Two-letter initials of a store name, e.g. "Crumb & Co" → "CC". */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

/** A tiny lettermark logo: coloured rounded square with the initials. */
export function lettermarkSvg(name: string, color: string): string {
  const text = initials(name).replace(/[<&>]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${name.replace(/&/g, '&amp;').replace(/[<>"]/g, '')}"><rect width="64" height="64" rx="12" fill="${color}"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${text}</text></svg>\n`;
}
