/**
 * The sample's Spanish words (issue 24), keyed by the English names of ./categories.ts:
 * a product line's name as a shop heading writes it and a single item with its article, whose
 * gender and number ("un portátil" m, "una maleta" f, "unos vaqueros" mp) make "otro / otra /
 * otros" agree in ./texts.ts.
 */
import type { CategoryName, ProductName } from './categories.ts';

export type EsGender = 'm' | 'f' | 'mp';
export type EsProduct = readonly [name: string, one: string, gender: EsGender];

export const ES_CATEGORIES: Record<CategoryName, string> = {
  Electronics: 'Electrónica',
  Fashion: 'Moda',
  'Home & Garden': 'Hogar y jardín',
  Beauty: 'Belleza',
  Travel: 'Viajes',
  'Food & Dining': 'Comida y restaurantes',
  'Sports & Outdoors': 'Deportes y aire libre',
  'Toys & Games': 'Juguetes y juegos',
  'Health & Wellness': 'Salud y bienestar',
  'Books & Media': 'Libros y multimedia',
  Pets: 'Mascotas',
  Automotive: 'Motor',
};

export const ES_PRODUCTS: Record<ProductName, EsProduct> = {
  Headphones: ['Auriculares', 'un par de auriculares', 'm'],
  Laptops: ['Portátiles', 'un portátil', 'm'],
  'Smart Watches': ['Relojes inteligentes', 'un reloj inteligente', 'm'],
  Tablets: ['Tabletas', 'una tableta', 'f'],
  Sneakers: ['Zapatillas', 'un par de zapatillas', 'm'],
  Denim: ['Vaqueros', 'unos vaqueros', 'mp'],
  Dresses: ['Vestidos', 'un vestido', 'm'],
  Jackets: ['Chaquetas', 'una chaqueta', 'f'],
  Bedding: ['Ropa de cama', 'un juego de sábanas', 'm'],
  Cookware: ['Menaje de cocina', 'una batería de cocina', 'f'],
  Planters: ['Macetas', 'una maceta', 'f'],
  Lamps: ['Lámparas', 'una lámpara', 'f'],
  Skincare: ['Cuidado de la piel', 'un producto para el cuidado de la piel', 'm'],
  Fragrance: ['Perfumes', 'un perfume', 'm'],
  'Makeup Kits': ['Estuches de maquillaje', 'un estuche de maquillaje', 'm'],
  'Hair Care': ['Cuidado del cabello', 'un producto para el cabello', 'm'],
  'Hotel Stays': ['Estancias en hotel', 'una noche de hotel', 'f'],
  Flights: ['Vuelos', 'un vuelo', 'm'],
  Luggage: ['Maletas', 'una maleta', 'f'],
  'Car Rentals': ['Alquiler de coches', 'un día de alquiler', 'm'],
  'Meal Kits': ['Kits de comida', 'un kit de comida', 'm'],
  Coffee: ['Café', 'una bolsa de café', 'f'],
  'Snack Boxes': ['Cajas de aperitivos', 'una caja de aperitivos', 'f'],
  Takeout: ['Comida para llevar', 'un menú para llevar', 'm'],
  'Running Shoes': ['Zapatillas para correr', 'un par de zapatillas para correr', 'm'],
  Tents: ['Tiendas de campaña', 'una tienda de campaña', 'f'],
  Bikes: ['Bicicletas', 'una bicicleta', 'f'],
  'Yoga Mats': ['Esterillas de yoga', 'una esterilla de yoga', 'f'],
  'Board Games': ['Juegos de mesa', 'un juego de mesa', 'm'],
  'Building Sets': ['Juegos de construcción', 'un juego de construcción', 'm'],
  Puzzles: ['Puzles', 'un puzle', 'm'],
  Plush: ['Peluches', 'un peluche', 'm'],
  Vitamins: ['Vitaminas', 'un bote de vitaminas', 'm'],
  'Fitness Trackers': ['Pulseras de actividad', 'una pulsera de actividad', 'f'],
  Protein: ['Proteínas', 'un bote de proteínas', 'm'],
  Audiobooks: ['Audiolibros', 'un audiolibro', 'm'],
  'E-books': ['Libros electrónicos', 'un libro electrónico', 'm'],
  'Vinyl Records': ['Discos de vinilo', 'un disco de vinilo', 'm'],
  'Pet Food': ['Comida para mascotas', 'un saco de comida para mascotas', 'm'],
  'Dog Beds': ['Camas para perros', 'una cama para perros', 'f'],
  'Cat Toys': ['Juguetes para gatos', 'un juguete para gatos', 'm'],
  Aquariums: ['Acuarios', 'un acuario', 'm'],
  Tires: ['Neumáticos', 'un neumático', 'm'],
  'Car Care': ['Cuidado del coche', 'un producto de limpieza para el coche', 'm'],
  'Dash Cams': ['Cámaras para coche', 'una cámara para coche', 'f'],
  'Oil Changes': ['Cambios de aceite', 'un cambio de aceite', 'm'],
};
