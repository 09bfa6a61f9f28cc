/**
 * The sample's French words (issue 24), keyed by the English names of ./categories.ts:
 * a product line's name as a shop heading writes it, a single item with its article and its
 * gender (for "acheté / achetée", "le deuxième / la deuxième" in ./texts.ts), and for lines that
 * are not plural nouns ("le café", "du café") the forms with the definite and partitive article
 * (default "les …" and "des …").
 */
import type { CategoryName, ProductName } from './categories.ts';

export type FrGender = 'm' | 'f';
export type FrProduct = readonly [name: string, one: string, gender: FrGender, the?: string, some?: string];

export const FR_CATEGORIES: Record<CategoryName, string> = {
  Electronics: 'Électronique',
  Fashion: 'Mode',
  'Home & Garden': 'Maison et jardin',
  Beauty: 'Beauté',
  Travel: 'Voyages',
  'Food & Dining': 'Alimentation et restauration',
  'Sports & Outdoors': 'Sports et plein air',
  'Toys & Games': 'Jouets et jeux',
  'Health & Wellness': 'Santé et bien-être',
  'Books & Media': 'Livres et médias',
  Pets: 'Animaux',
  Automotive: 'Auto',
};

export const FR_PRODUCTS: Record<ProductName, FrProduct> = {
  Headphones: ['Casques audio', 'un casque audio', 'm'],
  Laptops: ['Ordinateurs portables', 'un ordinateur portable', 'm'],
  'Smart Watches': ['Montres connectées', 'une montre connectée', 'f'],
  Tablets: ['Tablettes', 'une tablette', 'f'],
  Sneakers: ['Baskets', 'une paire de baskets', 'f'],
  Denim: ['Jeans', 'un jean', 'm'],
  Dresses: ['Robes', 'une robe', 'f'],
  Jackets: ['Vestes', 'une veste', 'f'],
  Bedding: ['Linge de lit', 'une parure de lit', 'f', 'le linge de lit', 'du linge de lit'],
  Cookware: ['Ustensiles de cuisine', 'une batterie de cuisine', 'f'],
  Planters: ['Pots de fleurs', 'un pot de fleurs', 'm'],
  Lamps: ['Lampes', 'une lampe', 'f'],
  Skincare: ['Soins de la peau', 'un soin pour la peau', 'm'],
  Fragrance: ['Parfums', 'un parfum', 'm'],
  'Makeup Kits': ['Coffrets de maquillage', 'un coffret de maquillage', 'm'],
  'Hair Care': ['Soins capillaires', 'un soin capillaire', 'm'],
  'Hotel Stays': ["Séjours à l'hôtel", "une nuit d'hôtel", 'f'],
  Flights: ['Vols', 'un vol', 'm'],
  Luggage: ['Bagages', 'une valise', 'f'],
  'Car Rentals': [
    'Location de voitures',
    'une journée de location',
    'f',
    'la location de voitures',
    'de la location de voitures',
  ],
  'Meal Kits': ['Paniers repas', 'un panier repas', 'm'],
  Coffee: ['Café', 'un paquet de café', 'm', 'le café', 'du café'],
  'Snack Boxes': ['Coffrets gourmands', 'un coffret gourmand', 'm'],
  Takeout: ['Plats à emporter', 'un repas à emporter', 'm'],
  'Running Shoes': ['Chaussures de course', 'une paire de chaussures de course', 'f'],
  Tents: ['Tentes', 'une tente', 'f'],
  Bikes: ['Vélos', 'un vélo', 'm'],
  'Yoga Mats': ['Tapis de yoga', 'un tapis de yoga', 'm'],
  'Board Games': ['Jeux de société', 'un jeu de société', 'm'],
  'Building Sets': ['Jeux de construction', 'un jeu de construction', 'm'],
  Puzzles: ['Puzzles', 'un puzzle', 'm'],
  Plush: ['Peluches', 'une peluche', 'f'],
  Vitamins: ['Vitamines', 'un flacon de vitamines', 'm'],
  'Fitness Trackers': ['Bracelets connectés', 'un bracelet connecté', 'm'],
  Protein: ['Protéines', 'un pot de protéines', 'm'],
  Audiobooks: ['Livres audio', 'un livre audio', 'm'],
  'E-books': ['Livres numériques', 'un livre numérique', 'm'],
  'Vinyl Records': ['Vinyles', 'un vinyle', 'm'],
  'Pet Food': [
    'Nourriture pour animaux',
    'un sac de nourriture pour animaux',
    'm',
    'la nourriture pour animaux',
    'de la nourriture pour animaux',
  ],
  'Dog Beds': ['Paniers pour chiens', 'un panier pour chien', 'm'],
  'Cat Toys': ['Jouets pour chats', 'un jouet pour chat', 'm'],
  Aquariums: ['Aquariums', 'un aquarium', 'm'],
  Tires: ['Pneus', 'un pneu', 'm'],
  'Car Care': ["Produits d'entretien auto", "un produit d'entretien auto", 'm'],
  'Dash Cams': ['Caméras embarquées', 'une caméra embarquée', 'f'],
  'Oil Changes': ['Vidanges', 'une vidange', 'f'],
};
