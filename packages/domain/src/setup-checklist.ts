/**
 * The first-hour checklist on the owner's home: what a new restaurant still needs before it can take
 * orders alone. Every line ticks itself from the restaurant's data, so it never lies about what is done.
 */

/** What the server counts about a restaurant to fill the checklist. */
export type SetupFacts = {
  segment: 'restaurant' | 'commerce';
  hasLogo: boolean;
  /** Street, number, city and WhatsApp all filled. */
  hasAddressAndWhatsapp: boolean;
  hoursSaved: boolean;
  neighborhoods: number;
  /** Active delivery states with at least one city. */
  deliveryStatesWithCities: number;
  activePaymentMethods: number;
  hasPixKey: boolean;
  categories: number;
  products: number;
  tables: number;
  orders: number;
};

export type SetupStepKey = 'brand' | 'address' | 'hours' | 'delivery' | 'payments' | 'menu' | 'table' | 'order';

export type SetupStep = {
  key: SetupStepKey;
  title: string;
  /** What is still missing, or how it was met. */
  hint: string;
  /** The admin screen that does it; the storefront for the test order. */
  path: string;
  done: boolean;
};

/**
 * The checklist lines in the order an owner does them: logo and colours, address and WhatsApp, hours,
 * delivery, payments and PIX, first category and products, a table QR (restaurants only), a test order.
 * Delivery counts as set when it has neighbourhoods and a state with a city: either alone refuses every
 * delivery order.
 */
export function setupSteps(f: SetupFacts, slug: string): SetupStep[] {
  const deliveryHint =
    f.neighborhoods === 0
      ? 'Cadastre os bairros atendidos e a taxa de cada um. Retirada no local já está disponível.'
      : f.deliveryStatesWithCities === 0
        ? 'Falta o estado e a cidade atendidos: sem eles nenhum pedido de entrega é aceito.'
        : 'Bairros, taxas e cidades configurados. Retirada no local também disponível.';
  const steps: SetupStep[] = [
    {
      key: 'brand',
      title: 'Logo e cores',
      hint: 'Envie o logo e escolha as cores do seu cardápio.',
      path: '/admin/settings',
      done: f.hasLogo,
    },
    {
      key: 'address',
      title: 'Endereço e WhatsApp',
      hint: 'Onde os clientes retiram os pedidos e como falam com você.',
      path: '/admin/settings',
      done: f.hasAddressAndWhatsapp,
    },
    {
      key: 'hours',
      title: 'Horários de funcionamento',
      hint: 'Até salvar, o cardápio abre das 08:00 às 18:00 todos os dias.',
      path: '/admin/hours',
      done: f.hoursSaved,
    },
    {
      key: 'delivery',
      title: 'Entrega e retirada',
      hint: deliveryHint,
      path: f.neighborhoods > 0 && f.deliveryStatesWithCities === 0 ? '/admin/states' : '/admin/delivery-config',
      done: f.neighborhoods > 0 && f.deliveryStatesWithCities > 0,
    },
    {
      key: 'payments',
      title: 'Formas de pagamento e chave PIX',
      hint:
        f.activePaymentMethods === 0
          ? 'Ative as formas de pagamento aceitas.'
          : 'Cadastre a chave PIX em Configurações para receber com QR Code.',
      path: f.activePaymentMethods === 0 ? '/admin/payment-methods' : '/admin/settings',
      done: f.activePaymentMethods > 0 && f.hasPixKey,
    },
    {
      key: 'menu',
      title: 'Primeira categoria e produtos',
      hint: 'Cadastre um a um ou importe de uma planilha (CSV ou Excel).',
      path: f.categories === 0 ? '/admin/categories' : '/admin/products',
      done: f.categories > 0 && f.products > 0,
    },
    {
      key: 'table',
      title: 'QR Code de uma mesa',
      hint: 'Crie uma mesa e imprima o QR Code para pedidos no salão.',
      path: '/admin/tables',
      done: f.tables > 0,
    },
    {
      key: 'order',
      title: 'Um pedido de teste',
      hint: 'Abra o cardápio em modo de teste (aceita pedidos mesmo fechado) e veja como o pedido chega.',
      // The preview: test orders at any hour, kept out of reports and stock (decision 044).
      path: `/${slug}?teste=1`,
      done: f.orders > 0,
    },
  ];
  return f.segment === 'commerce' ? steps.filter((s) => s.key !== 'table') : steps;
}
