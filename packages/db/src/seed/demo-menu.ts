/**
 * Pizzaria Demo as visitors see it, all but its product list (demo-products.ts): colours, menu categories,
 * the shape of a product with the pizza sizes and add-ons, the neighbourhoods and states it delivers to, its
 * payment methods and the reviews on its page.
 */

export const COLORS = {
  primary: '#C62828',
  dark: '#8E1B1B',
  secondary: '#FFF4E0',
  button: '#2E7D32',
  accent: '#FFB74D',
};

type CategoryKey = 'salgadas' | 'doces' | 'monte' | 'entradas' | 'bebidas' | 'sobremesas' | 'loja';

export const CATEGORIES: Array<{ key: CategoryKey; name: string; background: string }> = [
  { key: 'salgadas', name: 'Pizzas Salgadas', background: '#FFE8D6' },
  { key: 'doces', name: 'Pizzas Doces', background: '#FDE2E4' },
  { key: 'monte', name: 'Monte sua Pizza', background: '#FFD9C2' },
  { key: 'entradas', name: 'Entradas e Porções', background: '#FFF1C9' },
  { key: 'bebidas', name: 'Bebidas', background: '#DDEFFC' },
  { key: 'sobremesas', name: 'Sobremesas', background: '#F8E1F4' },
  { key: 'loja', name: 'Produtos da Casa', background: '#E6F4EA' },
];

export type ProductSeed = {
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
export const PIZZA_SIZES: Array<[string, number]> = [
  ['Broto (4 fatias)', 0],
  ['Média (6 fatias)', 1500],
  ['Grande (8 fatias)', 2500],
];
export const SAVOURY_ADDONS: Array<[string, number]> = [
  ['Borda de Catupiry', 900],
  ['Borda de Cheddar', 900],
  ['Bacon extra', 600],
  ['Queijo extra', 700],
  ['Azeitonas extras', 400],
];
export const SWEET_ADDONS: Array<[string, number]> = [
  ['Borda de Chocolate', 1000],
  ['Borda de Doce de Leite', 1000],
  ['Leite condensado extra', 500],
];
export const PIZZA_NCM = '1905.90.90';

export type ProductInput = Omit<ProductSeed, 'ncm'> & { ncm?: string };

export const NEIGHBORHOODS: Array<{ name: string; fee: number; cepPattern?: string }> = [
  { name: 'Centro', fee: 500 },
  { name: 'Bela Vista', fee: 600 },
  { name: 'Consolação', fee: 650 },
  { name: 'Pinheiros', fee: 800, cepPattern: '054*' },
  { name: 'Vila Mariana', fee: 900 },
  { name: 'Moema', fee: 1000 },
];

export const DELIVERY_AREAS: Record<string, string[]> = {
  SP: ['São Paulo', 'Osasco', 'Guarulhos', 'Santo André'],
  RJ: ['Rio de Janeiro', 'Niterói'],
};

export const PAYMENT_METHODS: Array<{
  name: string;
  description: string;
  icon: string;
  requiresChange?: boolean;
  infinitepayEnabled?: boolean;
  maxInstallments?: number;
}> = [
  {
    name: 'Dinheiro',
    description: 'Pague na entrega. Informe se precisa de troco.',
    icon: '💵',
    requiresChange: true,
  },
  {
    name: 'PIX',
    description: 'Pagamento instantâneo com QR Code.',
    icon: '💠',
    infinitepayEnabled: true,
  },
  {
    name: 'Cartão de Débito',
    description: 'Pague com a maquininha na entrega ou no balcão.',
    icon: '💳',
  },
  {
    name: 'Cartão de Crédito',
    description: 'Pague online em até 6x.',
    icon: '💳',
    infinitepayEnabled: true,
    maxInstallments: 6,
  },
];

export const REVIEWS: Array<{ name: string; email: string; rating: number; comment: string; daysAgo: number }> = [
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
