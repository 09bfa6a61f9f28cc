/**
 * The sample's categories and product lines, in English (the source language; the English site's
 * texts must not change). The es, fr and de words are in ./lang-es.ts, ./lang-fr.ts and
 * ./lang-de.ts, keyed by these English names (the compiler checks that none is missing).
 */

/**
 * A product line of a category, as a shopper would read it: `name` in titles ("20% Off Laptops"),
 * `one` for a single item ("a laptop"); `goods` are shipped and run out of stock (a flight, a
 * hotel stay or an e-book does neither); `bogo` where "buy one, get one free" is a real offer.
 */
export type Product<N extends string = string> = { name: N; one: string; goods: boolean; bogo: boolean };

const goods = <N extends string>(name: N, one: string, bogo = false): Product<N> => ({ name, one, goods: true, bogo });
const service = <N extends string>(name: N, one: string, bogo = false): Product<N> => ({
  name,
  one,
  goods: false,
  bogo,
});

const SEEDS = [
  {
    name: 'Electronics',
    icon: '💻',
    color: '#2563eb',
    products: [
      goods('Headphones', 'pair of headphones', true),
      goods('Laptops', 'laptop'),
      goods('Smart Watches', 'smart watch'),
      goods('Tablets', 'tablet'),
    ],
  },
  {
    name: 'Fashion',
    icon: '👗',
    color: '#db2777',
    products: [
      goods('Sneakers', 'pair of sneakers', true),
      goods('Denim', 'pair of jeans', true),
      goods('Dresses', 'dress'),
      goods('Jackets', 'jacket'),
    ],
  },
  {
    name: 'Home & Garden',
    icon: '🏡',
    color: '#16a34a',
    products: [
      goods('Bedding', 'bedding set'),
      goods('Cookware', 'cookware set'),
      goods('Planters', 'planter', true),
      goods('Lamps', 'lamp'),
    ],
  },
  {
    name: 'Beauty',
    icon: '💄',
    color: '#c026d3',
    products: [
      goods('Skincare', 'skincare product', true),
      goods('Fragrance', 'fragrance'),
      goods('Makeup Kits', 'makeup kit'),
      goods('Hair Care', 'hair care product', true),
    ],
  },
  {
    name: 'Travel',
    icon: '✈️',
    color: '#0891b2',
    products: [
      service('Hotel Stays', 'hotel night'),
      service('Flights', 'flight'),
      goods('Luggage', 'suitcase', true),
      service('Car Rentals', 'rental day'),
    ],
  },
  {
    name: 'Food & Dining',
    icon: '🍔',
    color: '#ea580c',
    products: [
      goods('Meal Kits', 'meal kit'),
      goods('Coffee', 'bag of coffee', true),
      goods('Snack Boxes', 'snack box', true),
      service('Takeout', 'takeout meal', true),
    ],
  },
  {
    name: 'Sports & Outdoors',
    icon: '⚽',
    color: '#65a30d',
    products: [
      goods('Running Shoes', 'pair of running shoes'),
      goods('Tents', 'tent'),
      goods('Bikes', 'bike'),
      goods('Yoga Mats', 'yoga mat', true),
    ],
  },
  {
    name: 'Toys & Games',
    icon: '🧸',
    color: '#f59e0b',
    products: [
      goods('Board Games', 'board game', true),
      goods('Building Sets', 'building set'),
      goods('Puzzles', 'puzzle', true),
      goods('Plush', 'plush toy', true),
    ],
  },
  {
    name: 'Health & Wellness',
    icon: '💊',
    color: '#059669',
    products: [
      goods('Vitamins', 'bottle of vitamins', true),
      goods('Fitness Trackers', 'fitness tracker'),
      goods('Protein', 'tub of protein', true),
    ],
  },
  {
    name: 'Books & Media',
    icon: '📚',
    color: '#7c3aed',
    products: [
      service('Audiobooks', 'audiobook', true),
      service('E-books', 'e-book', true),
      goods('Vinyl Records', 'vinyl record'),
    ],
  },
  {
    name: 'Pets',
    icon: '🐾',
    color: '#a16207',
    products: [
      goods('Pet Food', 'bag of pet food'),
      goods('Dog Beds', 'dog bed'),
      goods('Cat Toys', 'cat toy', true),
      goods('Aquariums', 'aquarium'),
    ],
  },
  {
    name: 'Automotive',
    icon: '🚗',
    color: '#475569',
    products: [
      goods('Tires', 'tire'),
      goods('Car Care', 'car care product', true),
      goods('Dash Cams', 'dash cam'),
      service('Oil Changes', 'oil change'),
    ],
  },
] as const;

/** The English name of a sample category, the key of its translations. */
export type CategoryName = (typeof SEEDS)[number]['name'];
/** The English name of a sample product line, the key of its translations. */
export type ProductName = (typeof SEEDS)[number]['products'][number]['name'];

export type CategorySeed = {
  name: CategoryName;
  icon: string;
  color: string;
  products: readonly Product<ProductName>[];
};

export const CATEGORY_SEEDS: readonly CategorySeed[] = SEEDS;

/** The product an offer of this kind is about: the one drawn when it fits, else the category's first that does. */
export function productFor<P extends Product>(drawn: P, all: readonly P[], fits: (p: P) => boolean): P {
  return fits(drawn) ? drawn : (all.find(fits) ?? drawn);
}
