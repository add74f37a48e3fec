// @ts-check
/**
 * A fashion catalog with a real shop's vocabulary (Portuguese texts, as a Brazilian shop writes
 * them), for the similarity benchmark: where bench/synthetic-catalog.mjs gives each cluster words of
 * its own, here words are shared the way a real catalog shares them, which is what makes content
 * similarity hard.
 *
 * - **40 categories** (Vestidos, Calças, Sandálias, Bolsas, Brincos ...), each with its product-type
 *   word(s) in the name ("Vestido", "Calça", "Sandália" or "Rasteira" ...), of different sizes, in
 *   four departments (clothes, shoes, bags and accessories, jewellery); a few type words are shared
 *   by two categories ("Calça" in Calças and Jeans, "Blusa" in Blusas and Tricôs);
 * - **models**: a model (a type, its silhouette and details, a material, maybe a print, a model
 *   name, a collection, a brand, tags, a description and a price) comes in 1 to 6 **colour
 *   variants**: the same name but the colour (which agrees with the type: Preto / Preta), the same
 *   brand, description and price;
 * - **20 colours** and **12 materials** (algodão, linho, jeans, couro, palha ..., by department),
 *   common words across categories;
 * - **300 brands** with a Zipf-like popularity (the two largest hold 16% and 12% of the catalog,
 *   the smallest a few dozen products), each making some categories of its department (three, the
 *   shop's own labels, every category);
 * - **finishes** any category but jewellery may have (Bordado, com Tachas, com Corrente, de Veludo
 *   ...): words of names shared across categories;
 * - **~30 tags** (season, occasion, style, marketing) shared across categories, a category leaning
 *   towards some of them;
 * - **descriptions** made of a shop's stock phrases (conforto, caimento, tecido, look, peça ...),
 *   naming the material, the occasion, the composition, and other categories' types ("Combine com
 *   uma sandália rasteira");
 * - **prices** by category (a range in reais), moved by the brand's price level, ending in ,90;
 * - **rare words shared across categories**: collections ("Coleção Bahia", in the description,
 *   often a tag, sometimes the name), prints ("floral", "xadrez", "poá" ... by a Zipf-like
 *   popularity: floral common, paisley rare) and model names (women's first names, "Vestido Midi
 *   Lívia" and "Sandália Lívia" of other brands), as real shops name their products;
 * - 3% of products unavailable.
 *
 * Deterministic for a seed (bench/synthetic-catalog.mjs's `random`).
 *
 * As a command: node bench/realistic-catalog.mjs --count=100000 [--seed=42] [--out=catalog.jsonl]
 * writes JSON Lines (one product per line) to the file or stdout.
 */
import { createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commandLineOptions } from './options.mjs';
import { random } from './synthetic-catalog.mjs';

/** @typedef {'roupa' | 'calcado' | 'acessorio' | 'joia'} Department */
/** @typedef {{ word: string, feminine: boolean }} TypeWord */
/**
 * @typedef {{
 *   name: string, department: Department, weight: number, price: [number, number],
 *   types: TypeWord[], details: string[], tags: string[], materials?: string[] }} Category
 */

const f = (/** @type {string} */ word) => ({ word, feminine: true });
const m = (/** @type {string} */ word) => ({ word, feminine: false });

/**
 * The categories: name, department, relative size, price range (R$), type words, silhouette and
 * detail words (written in the type's gender), the tags they lean towards.
 * @type {Category[]}
 */
// prettier-ignore
export const CATEGORIES = [
  // Clothes.
  { name: 'Vestidos', department: 'roupa', weight: 8, price: [129, 690], types: [m('Vestido')], details: ['Midi', 'Longo', 'Curto', 'Tubinho', 'Envelope', 'Evasê', 'Chemise', 'Transpassado', 'Ombro a Ombro', 'Tomara que Caia', 'Alça Fina', 'Manga Bufante', 'Franzido', 'Canelado', 'Decote V', 'Fenda'], tags: ['verão', 'festa', 'casamento', 'romântico', 'boho'] },
  { name: 'Saias', department: 'roupa', weight: 4, price: [99, 420], types: [f('Saia')], details: ['Midi', 'Longa', 'Curta', 'Plissada', 'Evasê', 'Lápis', 'Envelope', 'Godê', 'Fenda', 'Alfaiataria', 'Babado'], tags: ['verão', 'trabalho', 'romântico', 'elegante'] },
  { name: 'Calças', department: 'roupa', weight: 6, price: [119, 520], types: [f('Calça')], details: ['Wide Leg', 'Pantalona', 'Alfaiataria', 'Cargo', 'Jogger', 'Reta', 'Flare', 'Cintura Alta', 'Clochard', 'Pregas', 'Skinny'], tags: ['trabalho', 'clássico', 'inverno', 'dia a dia'] },
  { name: 'Jeans', department: 'roupa', weight: 5, price: [139, 480], types: [f('Calça Jeans'), f('Jaqueta Jeans'), m('Short Jeans')], details: ['Mom', 'Skinny', 'Wide Leg', 'Reta', 'Flare', 'Destroyed', 'Barra Desfiada', 'Cintura Alta', 'Lavagem Clara', 'Lavagem Escura'], tags: ['casual', 'dia a dia', 'streetwear', 'básico'], materials: ['jeans'] },
  { name: 'Shorts e Bermudas', department: 'roupa', weight: 3, price: [79, 320], types: [m('Short'), f('Bermuda')], details: ['Alfaiataria', 'Cintura Alta', 'Clochard', 'Saia', 'Barra Dobrada', 'Cargo', 'Moletom', 'Linho'], tags: ['verão', 'casual', 'praia', 'viagem'] },
  { name: 'Blusas', department: 'roupa', weight: 8, price: [69, 360], types: [f('Blusa')], details: ['Manga Longa', 'Manga Curta', 'Manga Bufante', 'Ombro a Ombro', 'Ciganinha', 'Gola Alta', 'Amarração', 'Babado', 'Decote V', 'Canelada', 'Cropped', 'Transpassada'], tags: ['trabalho', 'romântico', 'dia a dia', 'verão'] },
  { name: 'Camisas', department: 'roupa', weight: 4, price: [119, 420], types: [f('Camisa')], details: ['Manga Longa', 'Manga Curta', 'Oversized', 'Alfaiataria', 'Gola Padre', 'Bolsos', 'Amarração', 'Listrada', 'Acinturada'], tags: ['trabalho', 'clássico', 'elegante', 'minimalista'] },
  { name: 'Camisetas', department: 'roupa', weight: 6, price: [49, 189], types: [f('Camiseta'), f('T-shirt')], details: ['Básica', 'Oversized', 'Gola V', 'Gola Careca', 'Cropped', 'Estampada', 'Bordada', 'Baby Look', 'Manga Longa'], tags: ['básico', 'casual', 'dia a dia', 'streetwear'] },
  { name: 'Regatas', department: 'roupa', weight: 3, price: [39, 159], types: [f('Regata')], details: ['Básica', 'Canelada', 'Nadador', 'Alça Fina', 'Cropped', 'Gola Alta', 'Decote V'], tags: ['verão', 'básico', 'academia', 'casual'] },
  { name: 'Tops e Croppeds', department: 'roupa', weight: 3, price: [49, 199], types: [m('Top'), m('Cropped')], details: ['Faixa', 'Amarração', 'Canelado', 'Alça Fina', 'Ombro a Ombro', 'Franzido', 'Bojo', 'Tricô'], tags: ['verão', 'balada', 'sexy', 'tendência'] },
  { name: 'Macacões', department: 'roupa', weight: 3, price: [159, 560], types: [m('Macacão'), m('Macaquinho')], details: ['Longo', 'Curto', 'Pantalona', 'Alfaiataria', 'Transpassado', 'Alça Fina', 'Frente Única', 'Amarração', 'Utilitário'], tags: ['festa', 'verão', 'elegante', 'noite'] },
  { name: 'Jaquetas', department: 'roupa', weight: 3, price: [199, 790], types: [f('Jaqueta')], details: ['Bomber', 'Puffer', 'Corta-Vento', 'Biker', 'Cropped', 'Oversized', 'Matelassê', 'Capuz', 'Utilitária'], tags: ['inverno', 'streetwear', 'casual', 'viagem'], materials: ['couro', 'camurça', 'jeans', 'algodão', 'malha'] },
  { name: 'Casacos', department: 'roupa', weight: 2, price: [249, 990], types: [m('Casaco'), m('Sobretudo'), m('Trench Coat')], details: ['Longo', 'Alongado', 'Acinturado', 'Peluciado', 'Lã Batida', 'Transpassado', 'Gola Alta', 'Faixa'], tags: ['inverno', 'clássico', 'elegante', 'viagem'] },
  { name: 'Blazers e Coletes', department: 'roupa', weight: 3, price: [129, 790], types: [m('Blazer'), m('Colete')], details: ['Alfaiataria', 'Oversized', 'Acinturado', 'Alongado', 'Cropped', 'Abotoamento Duplo', 'Ombreira', 'Risca de Giz', 'Tricô', 'Decote V'], tags: ['trabalho', 'elegante', 'clássico', 'chique'] },
  { name: 'Moletons', department: 'roupa', weight: 3, price: [129, 420], types: [m('Moletom'), f('Blusa de Moletom')], details: ['Capuz', 'Oversized', 'Cropped', 'Careca', 'Zíper', 'Estampado', 'Bordado', 'Peluciado'], tags: ['inverno', 'streetwear', 'casual', 'esportivo'], materials: ['malha', 'algodão'] },
  { name: 'Tricôs', department: 'roupa', weight: 3, price: [139, 490], types: [m('Suéter'), m('Cardigã'), f('Blusa de Tricô')], details: ['Gola Alta', 'Decote V', 'Oversized', 'Cropped', 'Trançado', 'Botões', 'Canelado', 'Manga Bufante'], tags: ['inverno', 'meia-estação', 'clássico', 'romântico'], materials: ['tricô', 'crochê'] },
  { name: 'Leggings e Fitness', department: 'roupa', weight: 3, price: [69, 299], types: [f('Legging'), m('Top Fitness'), m('Conjunto Fitness')], details: ['Cintura Alta', 'Compressão', 'Recortes', 'Cós Largo', 'Texturizado', 'Sem Costura', 'Alta Sustentação'], tags: ['academia', 'esportivo', 'básico', 'dia a dia'], materials: ['malha'] },
  { name: 'Pijamas', department: 'roupa', weight: 2, price: [89, 290], types: [m('Pijama'), f('Camisola'), m('Robe')], details: ['Curto', 'Longo', 'Americano', 'Cetim', 'Renda', 'Estampado', 'Amamentação'], tags: ['inverno', 'romântico', 'básico', 'viagem'], materials: ['algodão', 'viscose', 'seda', 'malha'] },
  { name: 'Lingerie', department: 'roupa', weight: 3, price: [39, 229], types: [m('Sutiã'), f('Calcinha'), m('Body')], details: ['Renda', 'Sem Bojo', 'Com Bojo', 'Tomara que Caia', 'Cintura Alta', 'Fio Dental', 'Sem Costura', 'Strappy'], tags: ['sexy', 'romântico', 'básico', 'noite'], materials: ['algodão', 'seda', 'malha'] },
  { name: 'Moda Praia', department: 'roupa', weight: 4, price: [89, 390], types: [m('Biquíni'), m('Maiô'), f('Calcinha de Biquíni')], details: ['Cortininha', 'Asa Delta', 'Hot Pant', 'Tomara que Caia', 'Cavado', 'Frente Única', 'Lacinho', 'Argolas', 'Franzido'], tags: ['praia', 'verão', 'alto verão', 'viagem'], materials: ['malha'] },
  { name: 'Saídas de Praia', department: 'roupa', weight: 2, price: [99, 390], types: [f('Saída de Praia'), m('Kimono'), m('Kaftan')], details: ['Longa', 'Curta', 'Franjas', 'Fenda', 'Amarração', 'Transparente', 'Tela'], tags: ['praia', 'alto verão', 'boho', 'viagem'], materials: ['viscose', 'linho', 'crochê', 'algodão', 'seda'] },
  // Shoes.
  { name: 'Sandálias', department: 'calcado', weight: 5, price: [99, 490], types: [f('Sandália'), f('Rasteira')], details: ['Salto Bloco', 'Salto Fino', 'Plataforma', 'Anabela', 'Tiras', 'Amarração', 'Meia Pata', 'Flat', 'Trançada'], tags: ['verão', 'festa', 'casual', 'praia'] },
  { name: 'Tênis', department: 'calcado', weight: 4, price: [149, 699], types: [m('Tênis')], details: ['Casual', 'Chunky', 'Plataforma', 'Cano Alto', 'Slip On', 'Corrida', 'Retrô', 'Knit', 'Cadarço'], tags: ['casual', 'esportivo', 'streetwear', 'academia'], materials: ['couro', 'camurça', 'malha'] },
  { name: 'Botas', department: 'calcado', weight: 3, price: [229, 890], types: [f('Bota'), m('Coturno')], details: ['Cano Curto', 'Cano Médio', 'Cano Alto', 'Over the Knee', 'Tratorada', 'Salto Bloco', 'Western', 'Chelsea', 'Cadarço'], tags: ['inverno', 'streetwear', 'clássico', 'tendência'] },
  { name: 'Sapatilhas', department: 'calcado', weight: 2, price: [89, 299], types: [f('Sapatilha')], details: ['Bico Fino', 'Bico Redondo', 'Laço', 'Fivela', 'Matelassê', 'Slingback', 'Mary Jane'], tags: ['trabalho', 'dia a dia', 'clássico', 'básico'] },
  { name: 'Scarpins', department: 'calcado', weight: 2, price: [159, 590], types: [m('Scarpin')], details: ['Salto Alto', 'Salto Médio', 'Salto Fino', 'Bico Fino', 'Slingback', 'Chanel', 'Meia Pata'], tags: ['festa', 'trabalho', 'elegante', 'casamento'] },
  { name: 'Chinelos', department: 'calcado', weight: 2, price: [39, 159], types: [m('Chinelo'), m('Slide')], details: ['Tiras', 'Tira Larga', 'Plataforma', 'Dedo', 'Acolchoado', 'Trançado'], tags: ['praia', 'verão', 'casual', 'básico'], materials: ['couro', 'palha'] },
  { name: 'Mocassins e Mules', department: 'calcado', weight: 2, price: [159, 490], types: [m('Mocassim'), m('Loafer'), m('Mule'), m('Tamanco')], details: ['Tratorado', 'Fivela', 'Franjas', 'Bico Quadrado', 'Salto Bloco', 'Matelassê', 'Corrente'], tags: ['trabalho', 'clássico', 'tendência', 'meia-estação'] },
  // Bags and accessories.
  { name: 'Bolsas', department: 'acessorio', weight: 5, price: [129, 890], types: [f('Bolsa')], details: ['Tiracolo', 'Transversal', 'Shopper', 'Clutch', 'Baguete', 'Saco', 'Alça de Mão', 'Matelassê', 'Corrente', 'Média', 'Pequena', 'Grande'], tags: ['dia a dia', 'trabalho', 'festa', 'viagem'] },
  { name: 'Mochilas', department: 'acessorio', weight: 2, price: [119, 490], types: [f('Mochila')], details: ['Notebook', 'Pequena', 'Média', 'Bolsos', 'Antifurto', 'Cordão', 'Matelassê'], tags: ['viagem', 'esportivo', 'dia a dia', 'streetwear'], materials: ['couro', 'camurça', 'algodão'] },
  { name: 'Carteiras', department: 'acessorio', weight: 2, price: [59, 290], types: [f('Carteira'), m('Porta-Cartões'), f('Necessaire')], details: ['Zíper', 'Botão', 'Grande', 'Pequena', 'Slim', 'Matelassê', 'Alça de Mão'], tags: ['dia a dia', 'básico', 'viagem', 'clássico'] },
  { name: 'Cintos', department: 'acessorio', weight: 2, price: [49, 259], types: [m('Cinto')], details: ['Fivela Dourada', 'Fivela Quadrada', 'Fino', 'Largo', 'Corrente', 'Trançado', 'Obi'], tags: ['clássico', 'básico', 'trabalho', 'tendência'], materials: ['couro', 'camurça', 'palha', 'metal'] },
  { name: 'Chapéus e Bonés', department: 'acessorio', weight: 2, price: [59, 290], types: [m('Chapéu'), m('Boné'), m('Bucket')], details: ['Aba Larga', 'Panamá', 'Fedora', 'Trucker', 'Bordado', 'Aba Curva', 'Faixa'], tags: ['praia', 'verão', 'streetwear', 'viagem'], materials: ['palha', 'algodão', 'tricô', 'crochê'] },
  { name: 'Óculos de Sol', department: 'acessorio', weight: 2, price: [149, 690], types: [m('Óculos de Sol')], details: ['Gatinho', 'Aviador', 'Redondo', 'Quadrado', 'Oversized', 'Retangular', 'Máscara', 'Degradê'], tags: ['verão', 'praia', 'tendência', 'viagem'], materials: ['metal'] },
  { name: 'Lenços e Echarpes', department: 'acessorio', weight: 1, price: [49, 249], types: [m('Lenço'), f('Echarpe'), m('Cachecol')], details: ['Quadrado', 'Estampado', 'Franjas', 'Grande', 'Pashmina', 'Bandana'], tags: ['inverno', 'clássico', 'romântico', 'viagem'], materials: ['seda', 'viscose', 'tricô', 'algodão'] },
  { name: 'Meias', department: 'acessorio', weight: 1, price: [19, 89], types: [f('Meia'), f('Meia-Calça')], details: ['Cano Alto', 'Cano Curto', 'Soquete', 'Kit 3 Pares', 'Fio 40', 'Canelada', 'Poá'], tags: ['básico', 'inverno', 'dia a dia', 'esportivo'], materials: ['algodão', 'malha'] },
  // Jewellery.
  { name: 'Brincos', department: 'joia', weight: 3, price: [39, 390], types: [m('Brinco')], details: ['Argola', 'Ear Cuff', 'Gota', 'Pérola', 'Maxi', 'Ponto de Luz', 'Franjas', 'Zircônias', 'Coração'], tags: ['festa', 'romântico', 'dia a dia', 'chique'] },
  { name: 'Colares', department: 'joia', weight: 2, price: [49, 490], types: [m('Colar'), f('Choker'), m('Pingente')], details: ['Corrente', 'Pérolas', 'Medalha', 'Coração', 'Longo', 'Curto', 'Zircônias', 'Letra', 'Cruz'], tags: ['romântico', 'festa', 'chique', 'dia a dia'] },
  { name: 'Pulseiras e Anéis', department: 'joia', weight: 2, price: [39, 390], types: [f('Pulseira'), m('Anel'), m('Bracelete')], details: ['Elos', 'Riviera', 'Zircônias', 'Ajustável', 'Solitário', 'Corrente', 'Pérolas', 'Trançado', 'Falange'], tags: ['romântico', 'festa', 'chique', 'minimalista'] },
  { name: 'Relógios', department: 'joia', weight: 1, price: [199, 1290], types: [m('Relógio')], details: ['Analógico', 'Digital', 'Pulseira de Aço', 'Pulseira de Couro', 'Mostrador Grande', 'Minimalista', 'Cronógrafo'], tags: ['clássico', 'elegante', 'trabalho', 'esportivo'], materials: ['metal', 'couro'] },
];

/** Colours with their feminine form (the name agrees with the type), and how often shops make them. */
const COLOURS = [
  ['Preto', 'Preta', 10],
  ['Branco', 'Branca', 8],
  ['Off White', 'Off White', 4],
  ['Bege', 'Bege', 5],
  ['Caramelo', 'Caramelo', 3],
  ['Marrom', 'Marrom', 3],
  ['Vinho', 'Vinho', 2],
  ['Vermelho', 'Vermelha', 3],
  ['Rosa', 'Rosa', 4],
  ['Laranja', 'Laranja', 2],
  ['Amarelo', 'Amarela', 2],
  ['Verde', 'Verde', 3],
  ['Verde Militar', 'Verde Militar', 2],
  ['Azul', 'Azul', 3],
  ['Azul Marinho', 'Azul Marinho', 3],
  ['Lilás', 'Lilás', 2],
  ['Cinza', 'Cinza', 3],
  ['Nude', 'Nude', 3],
  ['Dourado', 'Dourada', 2],
  ['Prata', 'Prata', 1],
].map(([masculine, feminine, weight]) => ({ masculine: String(masculine), feminine: String(feminine), weight: Number(weight) }));
const JEWELLERY_COLOURS = ['Dourado', 'Prata', 'Rosé', 'Ródio Negro'];

/** The 12 materials, by department (a category may list its own). */
const MATERIALS = {
  roupa: ['algodão', 'linho', 'viscose', 'seda', 'malha', 'crochê', 'tricô', 'couro'],
  calcado: ['couro', 'camurça', 'palha'],
  acessorio: ['couro', 'palha', 'camurça', 'crochê', 'algodão'],
  joia: ['metal'],
};

/** Tags shared across categories: seasons, occasions, styles, marketing. */
// prettier-ignore
const TAGS = [
  'verão', 'alto verão', 'inverno', 'meia-estação',
  'festa', 'trabalho', 'casual', 'praia', 'academia', 'casamento', 'viagem', 'noite', 'dia a dia', 'balada',
  'boho', 'minimalista', 'romântico', 'clássico', 'esportivo', 'streetwear', 'básico', 'sustentável', 'retrô', 'elegante',
  'despojado', 'sexy', 'chique', 'tendência',
  'lançamento', 'exclusivo', 'mais vendidos', 'outlet',
];

/**
 * Finishes any category may have (masculine and feminine forms, or a noun after "com"): shared
 * words of names across categories ("Blusa Bordada", "Sandália com Tachas", "Bolsa com Corrente").
 */
// prettier-ignore
const FINISHES = [
  ['Bordado', 'Bordada'], ['Estampado', 'Estampada'], ['Vazado', 'Vazada'], ['Texturizado', 'Texturizada'],
  ['Metalizado', 'Metalizada'], ['Trançado', 'Trançada'], ['Acolchoado', 'Acolchoada'], ['Aveludado', 'Aveludada'],
  ['com Renda'], ['com Babado'], ['com Laço'], ['com Tachas'], ['com Franjas'], ['com Botões'], ['com Zíper'],
  ['com Fivela'], ['com Ilhós'], ['com Pérolas'], ['com Paetês'], ['com Tule'], ['com Corrente'], ['com Strass'],
  ['com Lurex'], ['com Pelúcia'], ['de Cetim'], ['de Veludo'], ['com Glitter'], ['com Recortes'],
];

/** Prints, most popular first (Zipf-like): words that cross categories. */
// prettier-ignore
const PRINTS = ['Floral', 'Listrado', 'Xadrez', 'Poá', 'Animal Print', 'Tie-Dye', 'Oncinha', 'Folhagem', 'Geométrico', 'Étnico', 'Zebra', 'Camuflado', 'Paisley', 'Vichy', 'Patchwork'];

/** Collections (place names of Brazil), each of a season: shared by every category, in few products each. */
// prettier-ignore
const COLLECTIONS = [
  'Bahia', 'Ipanema', 'Trancoso', 'Cerrado', 'Amazônia', 'Lençóis', 'Paraty', 'Noronha', 'Pantanal', 'Tropicália',
  'Jardim Botânico', 'Alter do Chão', 'Olinda', 'Caraíva', 'Búzios', 'Jericoacoara', 'Chapada', 'Ouro Preto', 'Serra Gaúcha', 'Floripa',
  'Maragogi', 'Pipa', 'Ilhabela', 'Tiradentes', 'Bonito', 'Itacaré', 'Arraial', 'Copacabana', 'Leblon', 'Pelourinho',
  'Abrolhos', 'Marajó', 'Jalapão', 'Carioca', 'Sertão', 'Mata Atlântica', 'Recôncavo', 'Guarujá', 'Ubatuba', 'Morro de São Paulo',
];

/** Women's first names, as shops name their models ("Vestido Midi Lívia"). */
const MODEL_NAMES = (
  'Ana Alice Aurora Beatriz Bianca Bruna Camila Carla Carol Cecília Clara Cláudia Cristina Dandara Débora Diana Elisa Ellen Eva ' +
  'Fernanda Flávia Flora Gabriela Giovana Helena Heloísa Iara Inês Isabel Isadora Jade Janaína Joana Júlia Juliana Karina Lara ' +
  'Laura Lavínia Leila Letícia Lia Lívia Lorena Luana Lúcia Luiza Luna Maitê Manuela Mara Marcela Margarida Maria Marina Maya ' +
  'Melissa Mel Michele Mirela Nara Natália Nina Olívia Paloma Paula Pietra Priscila Rafaela Raquel Rebeca Renata Rita Roberta ' +
  'Rosa Sabrina Sara Sofia Sônia Stella Tainá Talita Tatiana Teresa Valentina Valéria Vanessa Vera Verônica Vitória Yara Zélia ' +
  'Zoe Adriana Alana Amanda Ângela Antônia Bárbara Bel Betina Carmem Catarina Celina Cíntia Dalva Denise Dora Edite Elaine ' +
  'Eliane Emília Estela Fabiana Fátima Gisele Glória Graça Hilda Ingrid Irene Ivone Jaqueline Joice Jussara Kátia Lais Larissa ' +
  'Liz Lorraine Lúcia Madalena Mônica Nádia Noemi Odete Pâmela Penélope Quitéria Regina Rosana Selma Silvia Simone Solange Tânia ' +
  'Thaís Úrsula Viviane Zara Açucena Anita Bia Cacau Dani Duda Fafá Gabi Jô Lulu Mari Nanda Nath Pati Tati Vivi'
).split(' ');

/** Stock phrases of product descriptions: the words every product shares. */
const OPENINGS = [
  'Peça-chave do guarda-roupa:',
  'Para compor looks cheios de estilo:',
  'Conforto sem abrir mão do estilo:',
  'Novidade na loja:',
  'Um clássico que nunca sai de moda:',
  'Para acompanhar a sua rotina:',
  'Versatilidade e personalidade:',
  'Para quem ama estar bem vestida:',
];
const QUALITIES = [
  'Tem caimento perfeito e toque macio.',
  'Modelagem confortável que valoriza a silhueta.',
  'Acabamento impecável e tecido de alta qualidade.',
  'Leve, fresca e fácil de combinar.',
  'Detalhes delicados que fazem toda a diferença no look.',
  'Conforto e durabilidade para usar o dia inteiro.',
  'Design moderno com acabamento de qualidade.',
  'Uma peça versátil para montar vários looks.',
];
const SIZES = ['PP', 'P', 'M', 'G', 'GG', '36', '38', '40', 'único'];

/** Syllables of brand names. */
const SYLLABLES = [
  'ma',
  'ri',
  'na',
  'lu',
  'ca',
  'ba',
  'ta',
  'ja',
  'vi',
  'so',
  'la',
  'be',
  'ze',
  'mo',
  'ra',
  'li',
  'ne',
  'to',
  'sa',
  'fe',
  'gi',
  'do',
  'pa',
  'ju',
];

/** How many brands, and how fast their popularity falls with rank (Zipf's exponent). */
const BRANDS = 300;
const BRAND_ZIPF = 0.9;
/** How a brand's name is made from a made-up word: the word alone most often. */
const BRAND_FORMS = [
  (/** @type {string} */ b) => b,
  (/** @type {string} */ b) => b,
  (/** @type {string} */ b) => b,
  (/** @type {string} */ b) => b,
  (/** @type {string} */ b) => b,
  (/** @type {string} */ b) => `Casa ${b}`,
  (/** @type {string} */ b) => `Ateliê ${b}`,
  (/** @type {string} */ b) => `${b} Rio`,
  (/** @type {string} */ b) => `${b} Studio`,
];
/** @type {Department[]} */
const BRAND_DEPARTMENTS = ['roupa', 'calcado', 'acessorio', 'joia'];
/** How many brands make each department's products, relatively. */
const BRAND_DEPARTMENT_SHARES = { roupa: 6, calcado: 2, acessorio: 2, joia: 1 };
/** The popularity ranks of the shop's own labels, which make every category. */
const SHOP_LABELS = [4, 15, 40];
const PRINT_ZIPF = 1;

/** Draws from items by weight (a cumulative table and a binary search). */
class Sampler {
  /** @param {number[]} weights */
  constructor(weights) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
    this.total = sum;
  }

  /** @param {() => number} next @returns {number} an index */
  pick(next) {
    const target = next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] <= target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** @template T @param {readonly T[]} list @param {() => number} next @returns {T} */
function one(list, next) {
  return list[Math.floor(next() * list.length)];
}

/** @param {() => number} next */
function gaussian(next) {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

const capitalised = (/** @type {string} */ word) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The brands, most popular first: a name, the categories they make (their department's, a few the
 * shop's own labels making every one) and a price level.
 * @param {() => number} next
 */
function makeBrands(next) {
  const departmentPick = new Sampler(BRAND_DEPARTMENTS.map((d) => BRAND_DEPARTMENT_SHARES[d]));
  const names = new Set();
  while (names.size < BRANDS) {
    const base = capitalised(Array.from({ length: 2 + Math.floor(next() * 2) }, () => one(SYLLABLES, next)).join(''));
    names.add(one(BRAND_FORMS, next)(base));
  }
  return [...names].map((name, rank) => {
    const everything = SHOP_LABELS.includes(rank);
    const department = BRAND_DEPARTMENTS[departmentPick.pick(next)];
    const own = CATEGORIES.flatMap((c, i) => (c.department === department ? [i] : []));
    // A brand makes a part of its department's categories (at least 3), and now and then one of another's.
    const categories = new Set(everything ? CATEGORIES.map((_, i) => i) : own.filter(() => next() < 0.6));
    while (categories.size < Math.min(3, own.length)) categories.add(one(own, next));
    if (!everything && next() < 0.3) categories.add(Math.floor(next() * CATEGORIES.length));
    return { name, categories, priceLevel: Math.exp(0.25 * gaussian(next)), weight: 1 / (rank + 1) ** BRAND_ZIPF };
  });
}

/** A price in reais ending in ,90. @param {number} value */
function shopPrice(value) {
  return Math.max(9.9, Math.round(value) - 0.1);
}

/**
 * The catalog, one product at a time with the model it is a colour variant of.
 * @param {{ count: number, seed?: number, at?: Date }} options
 * @returns {Generator<{ product: any, model: number }>}
 */
export function* realisticCatalog({ count, seed = 42, at = new Date('2026-11-21T12:00:00Z') }) {
  const next = random(seed);
  const brands = makeBrands(next);
  const categoryPick = new Sampler(CATEGORIES.map((c) => c.weight));
  const brandsOf = CATEGORIES.map((_, c) => {
    const makers = brands.filter((b) => b.categories.has(c));
    return { makers, sampler: new Sampler(makers.map((b) => b.weight)) };
  });
  const colourPick = new Sampler(COLOURS.map((c) => c.weight));
  const printPick = new Sampler(PRINTS.map((_, i) => 1 / (i + 1) ** PRINT_ZIPF));
  let made = 0;
  for (let model = 0; made < count; model++) {
    const category = CATEGORIES[categoryPick.pick(next)];
    const { makers, sampler } = brandsOf[CATEGORIES.indexOf(category)];
    const brand = makers[sampler.pick(next)];
    const type = one(category.types, next);
    const details = [one(category.details, next)];
    if (next() < 0.35) {
      const second = one(category.details, next);
      if (second !== details[0]) details.push(second);
    }
    const finish = category.department !== 'joia' && next() < 0.4 ? one(FINISHES, next) : undefined;
    const finishWord = finish === undefined ? undefined : ((type.feminine ? finish.at(-1) : finish[0]) ?? '');
    if (finishWord !== undefined) details.push(finishWord);
    const materials = category.materials ?? MATERIALS[category.department];
    // The first materials of a list are the more usual ones.
    const material = materials[Math.floor(materials.length * next() ** 1.6)];
    const print = category.department !== 'joia' && next() < 0.2 ? PRINTS[printPick.pick(next)] : undefined;
    const modelName = next() < 0.45 ? one(MODEL_NAMES, next) : undefined;
    const collection = next() < 0.35 ? one(COLLECTIONS, next) : undefined;
    // Tags: two to four, half from the category's leanings, half from anywhere.
    const tags = new Set();
    const tagCount = 2 + Math.floor(next() * 3);
    while (tags.size < tagCount) tags.add(next() < 0.55 ? one(category.tags, next) : one(TAGS, next));
    if (collection !== undefined && next() < 0.5) tags.add(`coleção ${collection.toLowerCase()}`);
    const [low, high] = category.price;
    const price = shopPrice((low + (high - low) * next() ** 1.5) * brand.priceLevel);
    const nameParts = [
      type.word,
      ...details,
      ...(modelName === undefined ? [] : [modelName]),
      ...(print === undefined ? [] : [print]),
    ];
    if (next() < 0.4 && !type.word.toLowerCase().includes(material)) nameParts.push(capitalised(material));
    const withCollection = collection !== undefined && next() < 0.2;
    const goesWith = CATEGORIES.filter((c) => c.department !== category.department || c === category);
    const partner = one(goesWith, next);
    const partnerType = one(partner.types, next).word.toLowerCase();
    const description = [
      `${one(OPENINGS, next)} ${type.feminine ? 'a' : 'o'} ${type.word.toLowerCase()} ${details.join(' ').toLowerCase()} da ${brand.name}`,
      `é ${type.feminine ? 'feita' : 'feito'} em ${material}${print === undefined ? '' : ` com estampa ${print.toLowerCase()}`}.`,
      one(QUALITIES, next),
      `Ideal para ${[...tags]
        .filter((t) => !t.startsWith('coleção'))
        .slice(0, 2)
        .join(' e ')}.`,
      `Combine com ${partner.types[0].feminine ? 'uma' : 'um'} ${partnerType} ${one(partner.details, next).toLowerCase()} e arrase.`,
      collection === undefined ? '' : `Da Coleção ${collection}, inspirada nas cores e na natureza do Brasil.`,
      `Composição: ${material === 'jeans' ? '98% algodão, 2% elastano' : `100% ${material}`}. Modelo veste ${one(SIZES, next)}.`,
    ]
      .filter((s) => s !== '')
      .join(' ');
    const variants = Math.min(6, 1 + Math.floor(-Math.log(Math.max(next(), 1e-12)) * 1.6));
    const colours = new Set();
    for (let tries = 0; colours.size < variants && tries < 20; tries++) {
      colours.add(
        category.department === 'joia'
          ? one(JEWELLERY_COLOURS, next)
          : COLOURS[colourPick.pick(next)][type.feminine ? 'feminine' : 'masculine'],
      );
    }
    const onSale = next() < 0.1;
    for (const colour of colours) {
      if (made >= count) break;
      const product = {
        id: `RC-${String(made).padStart(7, '0')}`,
        name: `${[...nameParts, colour].join(' ')}${withCollection ? ` - Coleção ${collection}` : ''}`,
        description,
        category: category.name,
        brand: brand.name,
        price: onSale && next() < 0.5 ? shopPrice(price * 0.7) : price,
        available: next() < 0.97,
        tags: [...tags],
        attributes: { cor: colour, material, modelo: `M-${model}` },
        createdAt: at,
        updatedAt: at,
      };
      made++;
      yield { product, model };
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = commandLineOptions();
  const out = options.out === undefined ? process.stdout : createWriteStream(options.out);
  for (const { product } of realisticCatalog({ count: Number(options.count ?? 1000), seed: Number(options.seed ?? 42) })) {
    if (!out.write(`${JSON.stringify(product)}\n`)) await new Promise((resolve) => out.once('drain', () => resolve(undefined)));
  }
  if (out !== process.stdout) out.end();
}
