/**
 * The sample's German words (issue 24), keyed by the English names of ./categories.ts:
 * a product line's name as a shop heading writes it, the noun of a single item without article
 * and its gender (./texts.ts declines "ein / eine / einen" and "ein zweites / eine zweite /
 * einen zweiten" from it).
 */
import type { CategoryName, ProductName } from './categories.ts';

export type DeGender = 'm' | 'f' | 'n';
export type DeProduct = readonly [name: string, one: string, gender: DeGender];

export const DE_CATEGORIES: Record<CategoryName, string> = {
  Electronics: 'Elektronik',
  Fashion: 'Mode',
  'Home & Garden': 'Haus & Garten',
  Beauty: 'Kosmetik & Pflege',
  Travel: 'Reisen',
  'Food & Dining': 'Essen & Trinken',
  'Sports & Outdoors': 'Sport & Freizeit',
  'Toys & Games': 'Spielzeug & Spiele',
  'Health & Wellness': 'Gesundheit & Wellness',
  'Books & Media': 'Bücher & Medien',
  Pets: 'Tierbedarf',
  Automotive: 'Auto',
};

export const DE_PRODUCTS: Record<ProductName, DeProduct> = {
  Headphones: ['Kopfhörer', 'Paar Kopfhörer', 'n'],
  Laptops: ['Laptops', 'Laptop', 'm'],
  'Smart Watches': ['Smartwatches', 'Smartwatch', 'f'],
  Tablets: ['Tablets', 'Tablet', 'n'],
  Sneakers: ['Sneaker', 'Paar Sneaker', 'n'],
  Denim: ['Jeans', 'Jeans', 'f'],
  Dresses: ['Kleider', 'Kleid', 'n'],
  Jackets: ['Jacken', 'Jacke', 'f'],
  Bedding: ['Bettwäsche', 'Bettwäsche-Set', 'n'],
  Cookware: ['Kochgeschirr', 'Kochtopf-Set', 'n'],
  Planters: ['Pflanzkübel', 'Pflanzkübel', 'm'],
  Lamps: ['Lampen', 'Lampe', 'f'],
  Skincare: ['Hautpflege', 'Hautpflegeprodukt', 'n'],
  Fragrance: ['Parfüms', 'Parfüm', 'n'],
  'Makeup Kits': ['Schminksets', 'Schminkset', 'n'],
  'Hair Care': ['Haarpflege', 'Haarpflegeprodukt', 'n'],
  'Hotel Stays': ['Hotelaufenthalte', 'Hotelübernachtung', 'f'],
  Flights: ['Flüge', 'Flug', 'm'],
  Luggage: ['Koffer', 'Koffer', 'm'],
  'Car Rentals': ['Mietwagen', 'Miettag', 'm'],
  'Meal Kits': ['Kochboxen', 'Kochbox', 'f'],
  Coffee: ['Kaffee', 'Packung Kaffee', 'f'],
  'Snack Boxes': ['Snackboxen', 'Snackbox', 'f'],
  Takeout: ['Essen zum Mitnehmen', 'Gericht zum Mitnehmen', 'n'],
  'Running Shoes': ['Laufschuhe', 'Paar Laufschuhe', 'n'],
  Tents: ['Zelte', 'Zelt', 'n'],
  Bikes: ['Fahrräder', 'Fahrrad', 'n'],
  'Yoga Mats': ['Yogamatten', 'Yogamatte', 'f'],
  'Board Games': ['Brettspiele', 'Brettspiel', 'n'],
  'Building Sets': ['Baukästen', 'Baukasten', 'm'],
  Puzzles: ['Puzzles', 'Puzzle', 'n'],
  Plush: ['Plüschtiere', 'Plüschtier', 'n'],
  Vitamins: ['Vitamine', 'Dose Vitamine', 'f'],
  'Fitness Trackers': ['Fitnesstracker', 'Fitnesstracker', 'm'],
  Protein: ['Proteinpulver', 'Dose Proteinpulver', 'f'],
  Audiobooks: ['Hörbücher', 'Hörbuch', 'n'],
  'E-books': ['E-Books', 'E-Book', 'n'],
  'Vinyl Records': ['Schallplatten', 'Schallplatte', 'f'],
  'Pet Food': ['Tierfutter', 'Sack Tierfutter', 'm'],
  'Dog Beds': ['Hundebetten', 'Hundebett', 'n'],
  'Cat Toys': ['Katzenspielzeug', 'Katzenspielzeug', 'n'],
  Aquariums: ['Aquarien', 'Aquarium', 'n'],
  Tires: ['Reifen', 'Reifen', 'm'],
  'Car Care': ['Autopflege', 'Autopflegeprodukt', 'n'],
  'Dash Cams': ['Dashcams', 'Dashcam', 'f'],
  'Oil Changes': ['Ölwechsel', 'Ölwechsel', 'm'],
};
