import type { ProductInput } from '../../domain/product/product.js';

/**
 * A demo catalog of a Brazilian fashion shop: 240 products over 10 categories and 8 brands, made
 * the same way on every start (a seeded generator), with some products unavailable and curated
 * similar lists on a few.
 */

interface CategorySpec {
  readonly code: string;
  readonly category: string;
  readonly noun: string;
  readonly styles: readonly string[];
  readonly materials: readonly string[];
  readonly price: readonly [number, number];
  readonly tags: readonly string[];
}

const CATEGORIES: readonly CategorySpec[] = [
  {
    code: 'VES',
    category: 'vestidos',
    noun: 'Vestido',
    styles: ['Midi', 'Longo', 'Curto', 'Chemise', 'Envelope', 'Tubinho'],
    materials: ['Linho', 'Viscose', 'Seda', 'Algodão', 'Crepe'],
    price: [159, 689],
    tags: ['festa', 'verão', 'casual', 'trabalho', 'tendência'],
  },
  {
    code: 'BLU',
    category: 'blusas',
    noun: 'Blusa',
    styles: ['Cropped', 'Regata', 'Ombro a Ombro', 'Manga Bufante', 'Básica', 'Gola Alta'],
    materials: ['Algodão', 'Tricô', 'Viscose', 'Seda', 'Linho'],
    price: [69, 289],
    tags: ['básico', 'casual', 'trabalho', 'verão', 'inverno'],
  },
  {
    code: 'CAL',
    category: 'calcas',
    noun: 'Calça',
    styles: ['Pantalona', 'Wide Leg', 'Skinny', 'Alfaiataria', 'Jogger', 'Mom'],
    materials: ['Jeans', 'Linho', 'Sarja', 'Alfaiataria', 'Moletom'],
    price: [119, 459],
    tags: ['básico', 'trabalho', 'casual', 'tendência', 'inverno'],
  },
  {
    code: 'SAI',
    category: 'saias',
    noun: 'Saia',
    styles: ['Midi', 'Plissada', 'Lápis', 'Evasê', 'Longa', 'Mini'],
    materials: ['Linho', 'Couro Sintético', 'Jeans', 'Tule', 'Viscose'],
    price: [99, 389],
    tags: ['festa', 'trabalho', 'verão', 'tendência', 'casual'],
  },
  {
    code: 'JAQ',
    category: 'jaquetas',
    noun: 'Jaqueta',
    styles: ['Jeans', 'Bomber', 'Corta-vento', 'Puffer', 'Biker', 'Trench'],
    materials: ['Jeans', 'Nylon', 'Couro Sintético', 'Sarja', 'Lã'],
    price: [229, 899],
    tags: ['inverno', 'casual', 'tendência', 'básico', 'viagem'],
  },
  {
    code: 'TEN',
    category: 'tenis',
    noun: 'Tênis',
    styles: ['Casual', 'Corrida', 'Plataforma', 'Slip-on', 'Cano Alto', 'Retrô'],
    materials: ['Couro', 'Lona', 'Knit', 'Camurça', 'Couro Sintético'],
    price: [179, 799],
    tags: ['casual', 'esporte', 'básico', 'tendência', 'viagem'],
  },
  {
    code: 'SAN',
    category: 'sandalias',
    noun: 'Sandália',
    styles: ['Rasteira', 'Salto Bloco', 'Plataforma', 'Anabela', 'Papete', 'Tiras'],
    materials: ['Couro', 'Palha', 'Couro Sintético', 'Camurça', 'Borracha'],
    price: [89, 499],
    tags: ['verão', 'festa', 'praia', 'casual', 'tendência'],
  },
  {
    code: 'BOL',
    category: 'bolsas',
    noun: 'Bolsa',
    styles: ['Tiracolo', 'Tote', 'Clutch', 'Baguete', 'Mochila', 'Saco'],
    materials: ['Couro', 'Palha', 'Lona', 'Couro Sintético', 'Crochê'],
    price: [129, 1290],
    tags: ['trabalho', 'festa', 'praia', 'viagem', 'tendência'],
  },
  {
    code: 'ACE',
    category: 'acessorios',
    noun: 'Acessório',
    styles: ['Lenço', 'Cinto', 'Chapéu', 'Brinco', 'Colar', 'Óculos'],
    materials: ['Seda', 'Couro', 'Palha', 'Metal Dourado', 'Acetato'],
    price: [39, 459],
    tags: ['festa', 'verão', 'presente', 'tendência', 'básico'],
  },
  {
    code: 'PRA',
    category: 'moda-praia',
    noun: 'Moda Praia',
    styles: ['Biquíni Cortininha', 'Maiô', 'Saída de Praia', 'Biquíni Hot Pant', 'Kimono', 'Short'],
    materials: ['Lycra', 'Crochê', 'Viscose', 'Linho', 'Tecido Canelado'],
    price: [79, 429],
    tags: ['praia', 'verão', 'viagem', 'sustentável', 'tendência'],
  },
];

const BRANDS = ['Aurora', 'Casa Lume', 'Trama', 'Vento Sul', 'Maré Alta', 'Raiz Brasil', 'Flor de Sal', 'Urbana'] as const;
const COLOURS = [
  'Areia',
  'Preto',
  'Off-white',
  'Terracota',
  'Verde Oliva',
  'Azul Marinho',
  'Caramelo',
  'Rosa Antigo',
  'Vinho',
  'Mostarda',
] as const;

export const PRODUCTS_PER_CATEGORY = 24;

/** mulberry32: a small, fast, seeded generator, so the demo catalog is the same on every start. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function demoProductId(code: string, n: number): string {
  return `${code}-${String(n).padStart(3, '0')}`;
}

/** Curated lists: a merchandiser's picks for a few hero products, unknown and unavailable ids included on purpose. */
const CURATED: Readonly<Record<string, readonly string[]>> = {
  'VES-001': ['VES-004', 'VES-007', 'SAN-002', 'BOL-003', 'ACE-005', 'VES-009'],
  'TEN-001': ['TEN-005', 'CAL-006', 'JAQ-002'],
  'BOL-001': ['BOL-007', 'ACE-002', 'SAN-004', 'DESCONTINUADO-999'],
  'PRA-001': ['PRA-003', 'SAN-001', 'ACE-003', 'BOL-002'],
};

export function demoCatalog(): ProductInput[] {
  const random = seeded(20261121);
  const products: ProductInput[] = [];
  CATEGORIES.forEach((spec, c) => {
    for (let n = 1; n <= PRODUCTS_PER_CATEGORY; n++) {
      const id = demoProductId(spec.code, n);
      const style = pick(random, spec.styles);
      const material = pick(random, spec.materials);
      const colour = pick(random, COLOURS);
      const brand = pick(random, BRANDS);
      const [low, high] = spec.price;
      const price = Math.round(low + random() * (high - low)) - 0.1;
      const tags = [...new Set([pick(random, spec.tags), pick(random, spec.tags), material.toLowerCase()])];
      const name =
        spec.noun === 'Acessório' || spec.noun === 'Moda Praia'
          ? `${style} ${material} ${colour}`
          : `${spec.noun} ${style} ${material} ${colour}`;
      products.push({
        id,
        name,
        description: `${name} da ${brand}. Peça da coleção ${c % 2 === 0 ? 'Verão' : 'Essenciais'}, com acabamento cuidadoso e caimento confortável.`,
        category: spec.category,
        brand,
        price: Number(price.toFixed(2)),
        // Every seventh product is out of stock, so the demo shows what unavailable products do.
        available: n % 7 !== 0,
        tags,
        attributes: { cor: colour, material, estilo: style },
        ...(CURATED[id] !== undefined ? { similar: CURATED[id] } : {}),
      });
    }
  });
  return products;
}
