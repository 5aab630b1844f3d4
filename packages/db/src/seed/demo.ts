import { randomUUID } from 'node:crypto';
import { DELIVERY_PROFILE_NAME } from '@meucardapio/domain/permissions';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { recountDailySales } from '../daily-sales';
import { listStates } from '../geo/geo';
import {
  type Addon,
  appUsers,
  categories,
  coupons,
  customerAddresses,
  customers,
  defaultProfileTypes,
  deliveryStates,
  diningTables,
  employees,
  marketplaceConnections,
  neighborhoods,
  type PriceOption,
  paymentMethods,
  products,
  restaurantHours,
  restaurants,
  reviews,
  stockHistory,
  userProfiles,
} from '../schema';
import { ensureDefaultProfileTypes } from './default-profile-types';
import { seedDemoCashier } from './demo-cashier';
import { seedDemoFiscal } from './demo-fiscal';
import { seedDemoHistory } from './demo-history';
import { seedDemoKitchen } from './demo-kitchen';
import { bannerSvg, loadEmojiBodies, logoSvg, productImageSvg } from './emoji-art';
import { storeFile } from './files';

export const DEMO_SLUG = 'demo-restaurant';
export const DEMO_PASSWORD = 'demo1234';

export type DemoRole = 'owner' | 'admin' | 'counter' | 'kitchen' | 'waiter' | 'cashier' | 'delivery' | 'customer';
export type DemoLogin = { email: string; role: DemoRole; label: string; password: string };

/** The demo accounts, all with the password `demo1234`. */
export const DEMO_LOGINS: readonly DemoLogin[] = [
  { email: 'dono@demo.com.br', role: 'owner', label: 'Dono', password: DEMO_PASSWORD },
  { email: 'admin@demo.com.br', role: 'admin', label: 'Administrador', password: DEMO_PASSWORD },
  { email: 'balcao@demo.com.br', role: 'counter', label: 'Balcão', password: DEMO_PASSWORD },
  { email: 'cozinha@demo.com.br', role: 'kitchen', label: 'Cozinha', password: DEMO_PASSWORD },
  { email: 'garcom@demo.com.br', role: 'waiter', label: 'Garçom', password: DEMO_PASSWORD },
  { email: 'caixa@demo.com.br', role: 'cashier', label: 'Caixa', password: DEMO_PASSWORD },
  { email: 'entregador@demo.com.br', role: 'delivery', label: 'Entregador', password: DEMO_PASSWORD },
  { email: 'cliente@demo.com.br', role: 'customer', label: 'Cliente', password: DEMO_PASSWORD },
];

export type SeedDemoResult = { restaurantId: string; logins: DemoLogin[] };

const COLORS = { primary: '#C62828', dark: '#8E1B1B', secondary: '#FFF4E0', button: '#2E7D32', accent: '#FFB74D' };

/** Employees and the default profile type each one's restaurant profile is copied from. */
const STAFF: Array<{ email: string; name: string; profile: string }> = [
  { email: 'admin@demo.com.br', name: 'Fernanda Lima', profile: 'Administrador' },
  { email: 'balcao@demo.com.br', name: 'João Pereira', profile: 'Balcão' },
  { email: 'cozinha@demo.com.br', name: 'Antônio Ferreira', profile: 'Cozinha' },
  { email: 'garcom@demo.com.br', name: 'Lucas Oliveira', profile: 'Garçom' },
  { email: 'caixa@demo.com.br', name: 'Juliana Costa', profile: 'Caixa' },
  { email: 'entregador@demo.com.br', name: 'Rafael Santos', profile: DELIVERY_PROFILE_NAME },
];

type CategoryKey = 'salgadas' | 'doces' | 'monte' | 'entradas' | 'bebidas' | 'sobremesas' | 'loja';

const CATEGORIES: Array<{ key: CategoryKey; name: string; background: string }> = [
  { key: 'salgadas', name: 'Pizzas Salgadas', background: '#FFE8D6' },
  { key: 'doces', name: 'Pizzas Doces', background: '#FDE2E4' },
  { key: 'monte', name: 'Monte sua Pizza', background: '#FFD9C2' },
  { key: 'entradas', name: 'Entradas e Porções', background: '#FFF1C9' },
  { key: 'bebidas', name: 'Bebidas', background: '#DDEFFC' },
  { key: 'sobremesas', name: 'Sobremesas', background: '#F8E1F4' },
  { key: 'loja', name: 'Produtos da Casa', background: '#E6F4EA' },
];

type ProductSeed = {
  category: CategoryKey;
  name: string;
  description: string;
  /** Centavos. */
  price: number;
  icon: string;
  accent?: string;
  sizes?: Array<[string, number]>;
  addons?: Array<[string, number]>;
  colors?: Array<[string, number]>;
  /** 'flavour': a pizza that is also a flavour; otherwise a multi-flavour pizza choosing among a flavour group. */
  pizza?: 'flavour' | { max: number; flavours: Array<'salgadas' | 'doces'> };
  stock?: { quantity: number; minimum: number };
  cost?: number;
  ncm: string;
  unidade?: 'UN' | 'KG' | 'LT';
  shipping?: { height: number; width: number; length: number; weight: number };
};

// Base prices are the Broto (4 slices); the larger sizes add to them.
const PIZZA_SIZES: Array<[string, number]> = [
  ['Broto (4 fatias)', 0],
  ['Média (6 fatias)', 1500],
  ['Grande (8 fatias)', 2500],
];
const SAVOURY_ADDONS: Array<[string, number]> = [
  ['Borda de Catupiry', 900],
  ['Borda de Cheddar', 900],
  ['Bacon extra', 600],
  ['Queijo extra', 700],
  ['Azeitonas extras', 400],
];
const SWEET_ADDONS: Array<[string, number]> = [
  ['Borda de Chocolate', 1000],
  ['Borda de Doce de Leite', 1000],
  ['Leite condensado extra', 500],
];
const PIZZA_NCM = '1905.90.90';

type ProductInput = Omit<ProductSeed, 'ncm'> & { ncm?: string };

const PRODUCT_LIST: ProductInput[] = [
  // Savoury flavours.
  {
    category: 'salgadas',
    name: 'Calabresa',
    description: 'Molho de tomate, muçarela, calabresa fatiada, cebola roxa e orégano.',
    price: 3490,
    icon: 'pizza',
    accent: 'hot-pepper',
  },
  {
    category: 'salgadas',
    name: 'Margherita',
    description: 'Molho de tomate italiano, muçarela de búfala, tomate fresco, manjericão e azeite extra virgem.',
    price: 3690,
    icon: 'pizza',
    accent: 'herb',
  },
  {
    category: 'salgadas',
    name: 'Portuguesa',
    description: 'Molho de tomate, muçarela, presunto, ovos, cebola, ervilha, azeitonas pretas e orégano.',
    price: 3990,
    icon: 'pizza',
    accent: 'egg',
  },
  {
    category: 'salgadas',
    name: 'Frango com Catupiry',
    description: 'Molho de tomate, frango desfiado temperado, Catupiry original e orégano.',
    price: 3890,
    icon: 'pizza',
    accent: 'poultry-leg',
  },
  {
    category: 'salgadas',
    name: 'Quatro Queijos',
    description: 'Molho de tomate, muçarela, provolone, parmesão e gorgonzola.',
    price: 4190,
    icon: 'pizza',
    accent: 'cheese-wedge',
  },
  {
    category: 'salgadas',
    name: 'Pepperoni',
    description: 'Molho de tomate, muçarela e fatias generosas de pepperoni levemente picante.',
    price: 4290,
    icon: 'pizza',
    accent: 'fire',
  },
  {
    category: 'salgadas',
    name: 'Muçarela',
    description: 'Molho de tomate, muçarela gratinada, rodelas de tomate e orégano.',
    price: 3290,
    icon: 'pizza',
    accent: 'tomato',
  },
  {
    category: 'salgadas',
    name: 'Napolitana',
    description: 'Molho de tomate, muçarela, tomate em rodelas, parmesão ralado, alho frito e manjericão.',
    price: 3590,
    icon: 'pizza',
    accent: 'garlic',
  },
  {
    category: 'salgadas',
    name: 'Atum',
    description: 'Molho de tomate, atum sólido, cebola fatiada, azeitonas pretas e orégano.',
    price: 3790,
    icon: 'pizza',
    accent: 'fish',
  },
  // Sweet flavours.
  {
    category: 'doces',
    name: 'Chocolate com Morango',
    description: 'Chocolate ao leite cremoso coberto com morangos frescos.',
    price: 3590,
    icon: 'pizza',
    accent: 'strawberry',
  },
  {
    category: 'doces',
    name: 'Banana com Canela',
    description: 'Banana caramelizada, açúcar, canela e um fio de leite condensado.',
    price: 3290,
    icon: 'pizza',
    accent: 'banana',
  },
  {
    category: 'doces',
    name: 'Romeu e Julieta',
    description: 'Muçarela coberta com goiabada cascão derretida.',
    price: 3390,
    icon: 'pizza',
    accent: 'cheese-wedge',
  },
  {
    category: 'doces',
    name: 'Prestígio',
    description: 'Chocolate ao leite com coco ralado fresco.',
    price: 3490,
    icon: 'pizza',
    accent: 'coconut',
  },
  // Multi-flavour pizzas.
  {
    category: 'monte',
    name: 'Pizza Meio a Meio',
    description: 'Escolha 2 sabores, salgados ou doces. O preço é a média dos sabores escolhidos mais o tamanho.',
    price: 3290,
    icon: 'pizza',
    accent: 'sparkles',
    pizza: { max: 2, flavours: ['salgadas', 'doces'] },
  },
  {
    category: 'monte',
    name: 'Pizza Gigante 3 Sabores',
    description: 'Pizza gigante de 12 fatias com até 3 sabores salgados. Ideal para a família toda.',
    price: 3290,
    icon: 'pizza',
    accent: 'crown',
    sizes: [['Gigante (12 fatias)', 3500]],
    pizza: { max: 3, flavours: ['salgadas'] },
  },
  // Starters.
  {
    category: 'entradas',
    name: 'Batata Frita',
    description: 'Porção de 400 g de batatas crocantes com sal e alecrim.',
    price: 2490,
    icon: 'french-fries',
    addons: [
      ['Cheddar cremoso', 600],
      ['Bacon em cubos', 700],
    ],
    ncm: '2004.10.00',
  },
  {
    category: 'entradas',
    name: 'Pão de Alho',
    description: 'Baguete recheada com creme de alho, muçarela e salsinha (6 unidades).',
    price: 1690,
    icon: 'baguette-bread',
    accent: 'garlic',
  },
  {
    category: 'entradas',
    name: 'Calzone de Calabresa',
    description: 'Massa de pizza fechada, recheada com calabresa, muçarela e cebola, assada no forno a lenha.',
    price: 3990,
    icon: 'stuffed-flatbread',
    accent: 'hot-pepper',
  },
  {
    category: 'entradas',
    name: 'Salada Caprese',
    description: 'Tomate, muçarela de búfala, manjericão fresco, azeite e redução de balsâmico.',
    price: 2890,
    icon: 'green-salad',
    ncm: '2106.90.90',
  },
  {
    category: 'entradas',
    name: 'Bruschetta de Tomate',
    description: 'Quatro fatias de pão italiano tostado com tomate, manjericão e azeite extra virgem.',
    price: 2290,
    icon: 'bread',
    accent: 'tomato',
  },
  // Drinks.
  {
    category: 'bebidas',
    name: 'Coca-Cola Lata 350ml',
    description: 'Refrigerante Coca-Cola original, lata de 350 ml bem gelada.',
    price: 650,
    icon: 'cup-with-straw',
    stock: { quantity: 60, minimum: 24 },
    cost: 320,
    ncm: '2202.10.00',
  },
  {
    category: 'bebidas',
    name: 'Guaraná Antarctica 2L',
    description: 'Refrigerante de guaraná, garrafa de 2 litros.',
    price: 1290,
    icon: 'cup-with-straw',
    accent: 'ice',
    stock: { quantity: 24, minimum: 6 },
    cost: 690,
    ncm: '2202.10.00',
  },
  {
    category: 'bebidas',
    name: 'Suco Natural de Laranja',
    description: 'Laranja espremida na hora, sem conservantes.',
    price: 990,
    icon: 'tropical-drink',
    accent: 'tangerine',
    sizes: [
      ['300 ml', 0],
      ['500 ml', 400],
    ],
    ncm: '2009.12.00',
  },
  {
    category: 'bebidas',
    name: 'Água Mineral sem Gás 500ml',
    description: 'Água mineral natural, garrafa de 500 ml.',
    price: 450,
    icon: 'droplet',
    stock: { quantity: 40, minimum: 12 },
    cost: 150,
    ncm: '2201.10.00',
  },
  {
    category: 'bebidas',
    name: 'Cerveja Artesanal IPA 500ml',
    description: 'India Pale Ale de cervejaria paulistana, amarga e aromática, 6,5% ABV. Últimas unidades!',
    price: 2490,
    icon: 'beer-mug',
    accent: 'herb',
    stock: { quantity: 3, minimum: 5 },
    cost: 1400,
    ncm: '2203.00.00',
  },
  {
    category: 'bebidas',
    name: 'Cerveja Pilsen Long Neck 355ml',
    description: 'Cerveja pilsen leve e refrescante, long neck de 355 ml.',
    price: 990,
    icon: 'clinking-beer-mugs',
    stock: { quantity: 48, minimum: 12 },
    cost: 450,
    ncm: '2203.00.00',
  },
  {
    category: 'bebidas',
    name: 'Vinho Tinto Cabernet Sauvignon 750ml',
    description: 'Vinho tinto seco da Serra Gaúcha, encorpado, ótimo com pizzas de queijo.',
    price: 8990,
    icon: 'wine-glass',
    stock: { quantity: 12, minimum: 3 },
    cost: 4200,
    ncm: '2204.21.00',
  },
  {
    category: 'bebidas',
    name: 'Espumante Brut 750ml',
    description: 'Espumante brut nacional, perfeito para comemorar.',
    price: 7990,
    icon: 'bottle-with-popping-cork',
    stock: { quantity: 6, minimum: 2 },
    cost: 3800,
    ncm: '2204.10.90',
  },
  // Desserts.
  {
    category: 'sobremesas',
    name: 'Petit Gâteau com Sorvete',
    description: 'Bolinho de chocolate com interior cremoso, servido com uma bola de sorvete de creme.',
    price: 2290,
    icon: 'cupcake',
    accent: 'ice-cream',
    ncm: '1905.90.90',
  },
  {
    category: 'sobremesas',
    name: 'Pudim de Leite Condensado',
    description: 'Pudim cremoso com calda de caramelo, receita da vó.',
    price: 1490,
    icon: 'custard',
    ncm: '1901.90.90',
  },
  {
    category: 'sobremesas',
    name: 'Torta de Morango',
    description: 'Massa amanteigada, creme de baunilha e morangos frescos com gelatina.',
    price: 1690,
    icon: 'shortcake',
    accent: 'strawberry',
    ncm: '1905.90.90',
  },
  {
    category: 'sobremesas',
    name: 'Sorvete 2 Bolas',
    description: 'Duas bolas de sorvete artesanal: creme, chocolate ou morango.',
    price: 1290,
    icon: 'ice-cream',
    addons: [
      ['Calda de chocolate', 300],
      ['Farofa de castanha', 300],
    ],
    ncm: '2105.00.10',
  },
  {
    category: 'sobremesas',
    name: 'Brownie com Nozes',
    description: 'Brownie de chocolate meio amargo com nozes, úmido por dentro.',
    price: 1390,
    icon: 'chocolate-bar',
    accent: 'chestnut',
    ncm: '1905.90.90',
  },
  // Store.
  {
    category: 'loja',
    name: 'Camiseta Pizzaria Demo',
    description: 'Camiseta 100% algodão com a estampa da casa. Enviamos pelos Correios para todo o Brasil.',
    price: 5990,
    icon: 't-shirt',
    sizes: [
      ['P', 0],
      ['M', 0],
      ['G', 0],
      ['GG', 500],
    ],
    colors: [
      ['Preta', 0],
      ['Branca', 0],
      ['Vermelha', 500],
    ],
    stock: { quantity: 15, minimum: 3 },
    cost: 2500,
    ncm: '6109.10.00',
    shipping: { height: 4, width: 25, length: 30, weight: 0.25 },
  },
  {
    category: 'loja',
    name: 'Molho de Tomate Artesanal 500g',
    description:
      'O mesmo molho das nossas pizzas: tomates italianos cozidos lentamente com manjericão. Vidro de 500 g.',
    price: 2490,
    icon: 'jar',
    accent: 'tomato',
    stock: { quantity: 20, minimum: 5 },
    cost: 900,
    ncm: '2103.20.10',
    shipping: { height: 14, width: 11, length: 16, weight: 0.7 },
  },
  {
    category: 'loja',
    name: 'Azeite Extra Virgem 500ml',
    description: 'Azeite extra virgem português, acidez máxima de 0,5%. Garrafa de 500 ml.',
    price: 4990,
    icon: 'olive',
    stock: { quantity: 10, minimum: 2 },
    cost: 2600,
    ncm: '1509.20.00',
  },
  {
    category: 'loja',
    name: 'Boné Pizzaria Demo',
    description: 'Boné de aba curva com o logo bordado, regulagem traseira.',
    price: 3990,
    icon: 'billed-cap',
    colors: [
      ['Preto', 0],
      ['Vermelho', 0],
    ],
    stock: { quantity: 8, minimum: 2 },
    cost: 1500,
    ncm: '6505.00.90',
  },
];

const PRODUCTS: ProductSeed[] = PRODUCT_LIST.map(withPizzaDefaults);

/** Flavour pizzas and multi-flavour pizzas get sizes, add-ons and the pizza NCM unless given their own. */
function withPizzaDefaults(p: ProductInput): ProductSeed {
  const isPizzaCategory = p.category === 'salgadas' || p.category === 'doces' || p.category === 'monte';
  if (!isPizzaCategory) return { ...p, ncm: p.ncm ?? PIZZA_NCM };
  const sweet = p.category === 'doces';
  const multi = p.category === 'monte';
  return {
    ...p,
    pizza: p.pizza ?? 'flavour',
    sizes: p.sizes ?? PIZZA_SIZES,
    addons:
      p.addons ??
      (sweet ? SWEET_ADDONS : multi ? [...SAVOURY_ADDONS.slice(0, 2), ...SWEET_ADDONS.slice(0, 1)] : SAVOURY_ADDONS),
    ncm: p.ncm ?? PIZZA_NCM,
  };
}

const NEIGHBORHOODS: Array<{ name: string; fee: number; cepPattern?: string }> = [
  { name: 'Centro', fee: 500 },
  { name: 'Bela Vista', fee: 600 },
  { name: 'Consolação', fee: 650 },
  { name: 'Pinheiros', fee: 800, cepPattern: '054*' },
  { name: 'Vila Mariana', fee: 900 },
  { name: 'Moema', fee: 1000 },
];

const DELIVERY_AREAS: Record<string, string[]> = {
  SP: ['São Paulo', 'Osasco', 'Guarulhos', 'Santo André'],
  RJ: ['Rio de Janeiro', 'Niterói'],
};

const REVIEWS: Array<{ name: string; email: string; rating: number; comment: string; daysAgo: number }> = [
  {
    name: 'Ana Paula Ribeiro',
    email: 'ana.ribeiro@exemplo.com.br',
    rating: 5,
    comment: 'Melhor Quatro Queijos que já comi em São Paulo! Chegou quentinha e a massa é super leve.',
    daysAgo: 2,
  },
  {
    name: 'Ricardo Mendes',
    email: 'ricardo.mendes@exemplo.com.br',
    rating: 5,
    comment: 'Pedi meio Calabresa, meio Portuguesa: veio bem recheada e a borda de Catupiry é sensacional.',
    daysAgo: 5,
  },
  {
    name: 'Patrícia Gomes',
    email: 'patricia.gomes@exemplo.com.br',
    rating: 4,
    comment: 'Pizza muito saborosa e bem servida. A entrega atrasou uns 10 minutos, mas valeu a espera.',
    daysAgo: 9,
  },
  {
    name: 'Bruno Carvalho',
    email: 'bruno.carvalho@exemplo.com.br',
    rating: 5,
    comment: 'Atendimento nota 10 pelo WhatsApp e a Pepperoni é viciante. Já virou o nosso pedido de sexta-feira.',
    daysAgo: 14,
  },
  {
    name: 'Camila Rocha',
    email: 'camila.rocha@exemplo.com.br',
    rating: 5,
    comment: 'A pizza de Chocolate com Morango é perfeita para fechar a noite. Recomendo demais!',
    daysAgo: 21,
  },
  {
    name: 'Eduardo Martins',
    email: 'eduardo.martins@exemplo.com.br',
    rating: 4,
    comment: 'Ótimo custo-benefício. A Gigante 3 Sabores alimentou a família inteira no domingo.',
    daysAgo: 30,
  },
  {
    name: 'Letícia Nogueira',
    email: 'leticia.nogueira@exemplo.com.br',
    rating: 5,
    comment: 'Massa fininha, ingredientes frescos e o molho tem gosto de feito em casa. Vou pedir de novo!',
    daysAgo: 45,
  },
];

const DAY = 24 * 60 * 60 * 1000;

function options(entries: Array<[string, number]> | undefined): PriceOption[] {
  return (entries ?? []).map(([name, priceModifier]) => ({ id: randomUUID(), name, priceModifier }));
}

function addonList(entries: Array<[string, number]> | undefined): Addon[] {
  return (entries ?? []).map(([name, price]) => ({ id: randomUUID(), name, price }));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function demoExists(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.slug, DEMO_SLUG));
  return rows.length > 0;
}

/**
 * Seeds "Pizzaria Demo" at `/demo-restaurant` with its catalogue, delivery, payment, tables, reviews and
 * demo accounts, in one transaction. Returns null, touching nothing, when the demo restaurant already exists.
 * The demo is open every day 00:00–23:59 so visitors (and e2e tests) can always place an order.
 */
export async function seedDemo(
  db: Db,
  deps: { hashPassword: (password: string) => Promise<string> },
): Promise<SeedDemoResult | null> {
  if (await demoExists(db)) return null;
  // argon2 is slow on purpose: hash the one shared password once, outside the transaction.
  const passwordHash = await deps.hashPassword(DEMO_PASSWORD);
  const emojiNames = new Set(['pizza', 'tomato', 'cheese-wedge', 'herb']);
  for (const p of PRODUCTS) for (const name of [p.icon, p.accent]) if (name) emojiNames.add(name);
  const emoji = loadEmojiBodies(emojiNames);
  try {
    return await db.transaction(async (tx) => {
      if (await demoExists(tx)) return null;
      return insertDemo(tx, passwordHash, emoji);
    });
  } catch (error) {
    // Another server instance seeded it at the same moment.
    if (isUniqueViolation(error) && (await demoExists(db))) return null;
    throw error;
  }
}

async function insertDemo(tx: Tx, passwordHash: string, emoji: Map<string, string>): Promise<SeedDemoResult> {
  const now = Date.now();
  const body = (name: string) => emoji.get(name) as string;

  // Owner: reuse the account if it outlived a deleted demo restaurant (its password is left as it is).
  await tx
    .insert(appUsers)
    .values({
      email: 'dono@demo.com.br',
      name: 'Carlos Almeida',
      companyName: 'Pizzaria Demo Ltda.',
      passwordHash,
    })
    .onConflictDoNothing({ target: appUsers.email });
  const [owner] = await tx.select({ id: appUsers.id }).from(appUsers).where(eq(appUsers.email, 'dono@demo.com.br'));

  const [restaurant] = await tx
    .insert(restaurants)
    .values({
      ownerId: owner.id,
      name: 'Pizzaria Demo',
      slug: DEMO_SLUG,
      description:
        'Pizzas artesanais de fermentação natural, assadas no forno a lenha desde 1998. Massa leve, ingredientes frescos e entrega rápida em São Paulo.',
      primaryColor: COLORS.primary,
      secondaryColor: COLORS.secondary,
      buttonColor: COLORS.button,
      timezone: 'America/Sao_Paulo',
      businessSegment: 'restaurant',
      appClientReferrer: 'pizzariademo',
      originPostalCode: '01310-100',
      // On Avenida Paulista, the CEP above: ordering apps place the store here.
      latitude: -23.561414,
      longitude: -46.655881,
      showReviewsOnMenu: true,
      requireReviewApproval: false,
      googleRating: 4.5,
      hoursSetAt: new Date(),
      googleReviewsCount: 2069,
      whatsapp: '11987650000',
      cnpj: '11.222.333/0001-81',
      nomeRazaoSocial: 'Pizzaria Demo Ltda.',
    })
    .returning({ id: restaurants.id });
  const restaurantId = restaurant.id;

  const logo = await storeFile(tx, {
    restaurantId,
    contentType: 'image/svg+xml',
    data: logoSvg({ primary: COLORS.primary, accent: COLORS.accent }, body('pizza')),
  });
  const banner = await storeFile(tx, {
    restaurantId,
    contentType: 'image/svg+xml',
    data: bannerSvg(
      { primary: COLORS.primary, dark: COLORS.dark, accent: COLORS.accent },
      ['pizza', 'tomato', 'pizza', 'cheese-wedge', 'pizza', 'pizza', 'tomato', 'herb', 'cheese-wedge', 'herb'].map(
        body,
      ),
    ),
  });
  await tx
    .update(restaurants)
    .set({ logoUrl: logo.url, bannerUrl: banner.url })
    .where(eq(restaurants.id, restaurantId));

  // Open around the clock, every day: e2e tests and visitors may try ordering at any hour.
  await tx.insert(restaurantHours).values(
    Array.from({ length: 7 }, (_, day) => ({
      restaurantId,
      dayOfWeek: day,
      isClosed: false,
      openTime: '00:00',
      closeTime: '23:59',
    })),
  );

  // Catalogue.
  const categoryRows = await tx
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ restaurantId, name: c.name, sortOrder: i + 1 })))
    .returning({ id: categories.id, name: categories.name });
  const categoryId = new Map(CATEGORIES.map((c) => [c.key, categoryRows.find((r) => r.name === c.name)?.id]));
  const background = new Map(CATEGORIES.map((c) => [c.key, c.background]));

  // One stored picture per distinct emoji + accent + background.
  const images = new Map<string, string>();
  async function imageFor(p: ProductSeed): Promise<string> {
    const bg = background.get(p.category) as string;
    const key = `${p.icon}|${p.accent ?? ''}|${bg}`;
    const existing = images.get(key);
    if (existing) return existing;
    const svg = productImageSvg(body(p.icon), { background: bg, accent: p.accent ? body(p.accent) : undefined });
    const file = await storeFile(tx, { restaurantId, contentType: 'image/svg+xml', data: svg });
    images.set(key, file.url);
    return file.url;
  }

  // Ids chosen here, so the multi-flavour pizzas can list their flavours and everything goes in one insert.
  const ordered = [...PRODUCTS.filter((p) => p.pizza === 'flavour'), ...PRODUCTS.filter((p) => p.pizza !== 'flavour')];
  const ids = ordered.map(() => randomUUID());
  const flavourIds: Record<'salgadas' | 'doces', string[]> = { salgadas: [], doces: [] };
  for (const [index, p] of ordered.entries())
    if (p.pizza === 'flavour') flavourIds[p.category as 'salgadas' | 'doces'].push(ids[index]);
  const imageUrls: string[] = [];
  for (const p of ordered) imageUrls.push(await imageFor(p));
  await tx.insert(products).values(
    ordered.map((p, index) => {
      const multi = p.pizza && p.pizza !== 'flavour' ? p.pizza : null;
      return {
        id: ids[index],
        restaurantId,
        categoryId: categoryId.get(p.category),
        name: p.name,
        description: p.description,
        price: p.price,
        // The demo shows the struck-through "de" price as an owner would set it: its items above R$ 50 were 20 % dearer.
        compareAtPrice: p.price > 5000 ? Math.round((p.price * 12) / 10) : null,
        imageUrl: imageUrls[index],
        available: true,
        isPizza: p.pizza !== undefined,
        allowsMultipleFlavors: multi !== null,
        maxFlavors: multi ? multi.max : 1,
        pizzaFlavors: multi ? multi.flavours.flatMap((g) => flavourIds[g]) : [],
        variations: options(p.sizes),
        addons: addonList(p.addons),
        colors: options(p.colors),
        controleEstoque: p.stock !== undefined,
        estoque: p.stock?.quantity ?? 0,
        estoqueMinimo: p.stock?.minimum ?? 0,
        precoCusto: p.cost ?? null,
        sku: String(index + 1).padStart(3, '0'),
        codigoNcm: p.ncm,
        origemMercadoria: 0,
        csosnIcms: '102',
        cstPisCofins: '49',
        unidade: p.unidade ?? 'UN',
        height: p.shipping?.height ?? null,
        width: p.shipping?.width ?? null,
        length: p.shipping?.length ?? null,
        weight: p.shipping?.weight ?? null,
        envioCorreios: p.shipping !== undefined,
        // Distinct creation times keep "newest first" listings stable.
        createdAt: new Date(now - (ordered.length - index) * 1000),
      };
    }),
  );
  const stocked = ordered.flatMap((p, index) => (p.stock ? [{ id: ids[index], quantity: p.stock.quantity }] : []));
  await tx.insert(stockHistory).values(
    stocked.map((s) => ({
      restaurantId,
      productId: s.id,
      operationType: 'register',
      quantityBefore: 0,
      quantityAfter: s.quantity,
      quantityChanged: s.quantity,
      employeeName: 'Carlos Almeida',
      notes: 'Estoque inicial',
    })),
  );

  // Delivery.
  await tx
    .insert(neighborhoods)
    .values(NEIGHBORHOODS.map((n) => ({ restaurantId, name: n.name, deliveryFee: n.fee, cepPattern: n.cepPattern })));
  const stateNames = new Map(listStates().map((s) => [s.code, s.name]));
  await tx.insert(deliveryStates).values(
    Object.entries(DELIVERY_AREAS).map(([code, cities]) => ({
      restaurantId,
      code,
      name: stateNames.get(code) ?? code,
      cities,
      active: true,
    })),
  );

  await tx.insert(paymentMethods).values([
    {
      restaurantId,
      name: 'Dinheiro',
      description: 'Pague na entrega. Informe se precisa de troco.',
      icon: '💵',
      requiresChange: true,
    },
    {
      restaurantId,
      name: 'PIX',
      description: 'Pagamento instantâneo com QR Code.',
      icon: '💠',
      infinitepayEnabled: true,
    },
    {
      restaurantId,
      name: 'Cartão de Débito',
      description: 'Pague com a maquininha na entrega ou no balcão.',
      icon: '💳',
    },
    {
      restaurantId,
      name: 'Cartão de Crédito',
      description: 'Pague online em até 6x.',
      icon: '💳',
      infinitepayEnabled: true,
      maxInstallments: 6,
    },
  ]);

  const yearAgo = new Date(now - 365 * DAY);
  await tx.insert(coupons).values([
    { restaurantId, code: 'BEMVINDO10', type: 'percent', value: 10, minTotal: 0, validFrom: yearAgo, validTo: null },
    { restaurantId, code: 'DESCONTO15', type: 'fixed', value: 1500, minTotal: 8000, validFrom: yearAgo, validTo: null },
  ]);

  await tx
    .insert(diningTables)
    .values(
      Array.from({ length: 10 }, (_, i) => ({ restaurantId, number: i + 1, qrUrl: `/${DEMO_SLUG}?table=${i + 1}` })),
    );

  await tx.insert(reviews).values(
    REVIEWS.map((r) => ({
      restaurantId,
      customerName: r.name,
      customerEmail: r.email,
      rating: r.rating,
      comment: r.comment,
      approved: true,
      createdAt: new Date(now - r.daysAgo * DAY),
    })),
  );

  // Staff: each employee gets a restaurant profile copied from a default profile type.
  await ensureDefaultProfileTypes(tx);
  const templates = await tx
    .select()
    .from(defaultProfileTypes)
    .where(
      inArray(
        defaultProfileTypes.name,
        STAFF.map((s) => s.profile),
      ),
    );
  for (const staff of STAFF) {
    const template = templates.find((t) => t.name === staff.profile);
    if (!template) throw new Error(`default profile type "${staff.profile}" is missing`);
    const [profile] = await tx
      .insert(userProfiles)
      .values({
        restaurantId,
        name: template.name,
        type: template.type,
        permissions: { ...template.permissions },
        active: true,
      })
      .returning({ id: userProfiles.id });
    await tx.insert(employees).values({
      restaurantId,
      name: staff.name,
      email: staff.email,
      passwordHash,
      profileId: profile.id,
      active: true,
    });
  }

  // Customer with one saved address.
  const address = {
    cep: '01327-000',
    address: 'Rua Treze de Maio',
    number: '1200',
    complement: 'Apto 52',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  };
  const [customer] = await tx
    .insert(customers)
    .values({
      restaurantId,
      name: 'Maria Souza',
      phone: '11987654321',
      email: 'cliente@demo.com.br',
      passwordHash,
      ...address,
      birthDay: 15,
      birthMonth: 8,
    })
    .returning({ id: customers.id });
  await tx
    .insert(customerAddresses)
    .values({ restaurantId, customerId: customer.id, customerPhone: '11987654321', name: 'Casa', ...address });

  await seedDemoCashier(tx, restaurantId, owner.id, 'America/Sao_Paulo');
  await seedDemoKitchen(tx, restaurantId);
  // The marketplace simulator, ready and switched off: "Ligar" in Integrações brings iFood and Keeta orders.
  await tx.insert(marketplaceConnections).values({
    restaurantId,
    kind: 'simulator',
    app: 'simulator',
    merchantId: randomUUID(),
    enabled: false,
  });
  await seedDemoHistory(tx, { restaurantId, ownerId: owner.id, timeZone: 'America/Sao_Paulo', now: new Date(now) });
  await seedDemoFiscal(tx, restaurantId);
  await recountDailySales(tx, restaurantId);

  return { restaurantId, logins: DEMO_LOGINS.map((l) => ({ ...l })) };
}
