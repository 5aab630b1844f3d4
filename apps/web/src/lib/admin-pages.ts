import { type PermissionKey, ROUTE_PERMISSIONS } from '@meucardapio/domain/permissions';

/** What the admin shell needs to know about a route before rendering it (kept in the route's `handle`). */
export type AdminRouteHandle = {
  title: string;
  /** Any one of these opens the page; none means every staff member may open it. */
  permissions?: readonly PermissionKey[];
  /** Hidden for the commerce segment (pizza flavours, tables). */
  restaurantOnly?: boolean;
  /** The page's own words for a missing permission (the spec's), instead of the generic denial. */
  denial?: { title?: string; message: string; hint?: string };
  /** Uses the whole width of the window (the kitchen screen on a TV). */
  fullWidth?: boolean;
};

const ASK_AN_ADMINISTRATOR = 'Entre em contato com um administrador para solicitar acesso.';

/** The admin pages: path under /admin, the route handle, and the module that renders it. */
export const ADMIN_PAGES = {
  products: {
    title: 'Produtos',
    permissions: ROUTE_PERMISSIONS.products,
    denial: { message: 'Você não tem permissão para gerenciar produtos', hint: ASK_AN_ADMINISTRATOR },
  },
  categories: {
    title: 'Categorias',
    permissions: ROUTE_PERMISSIONS.categories,
    denial: { message: 'Você não tem permissão para gerenciar categorias', hint: ASK_AN_ADMINISTRATOR },
  },
  'pizza-flavors': { title: 'Sabores de Pizza', permissions: ROUTE_PERMISSIONS.pizzaFlavors, restaurantOnly: true },
  stock: {
    title: 'Estoque',
    permissions: ROUTE_PERMISSIONS.stock,
    denial: {
      message: 'Você não tem permissão para gerenciar estoque.',
      hint: 'Apenas perfis de Administrador podem registrar entradas de estoque.',
    },
  },
  employees: { title: 'Funcionários', permissions: ROUTE_PERMISSIONS.employees },
  profiles: { title: 'Perfis de Acesso', permissions: ROUTE_PERMISSIONS.profiles },
  settings: { title: 'Configurações' },
  cashier: { title: 'Caixa', permissions: ROUTE_PERMISSIONS.cashier },
  orders: { title: 'Pedidos', permissions: ROUTE_PERMISSIONS.orders },
  kitchen: { title: 'Cozinha', permissions: ROUTE_PERMISSIONS.kitchen, fullWidth: true },
  'kitchen-settings': {
    title: 'Configurações da Cozinha',
    permissions: [...ROUTE_PERMISSIONS.kitchenStations, 'manage_settings'],
  },
  customers: { title: 'Clientes', permissions: ROUTE_PERMISSIONS.customers },
  mesas: { title: 'Mesas e Comandas', permissions: ROUTE_PERMISSIONS.mesas, restaurantOnly: true },
  tables: {
    title: 'Gerenciar Mesas',
    permissions: ROUTE_PERMISSIONS.tables,
    restaurantOnly: true,
    denial: { message: 'Você não tem permissão para gerenciar mesas', hint: ASK_AN_ADMINISTRATOR },
  },
  reviews: { title: 'Avaliações', permissions: ROUTE_PERMISSIONS.reviews },
  coupons: { title: 'Cupons de Desconto', permissions: ROUTE_PERMISSIONS.coupons },
  'payment-methods': {
    title: 'Formas de Pagamento',
    permissions: ROUTE_PERMISSIONS.paymentMethods,
    denial: {
      title: 'Acesso Restrito',
      message: 'Você não tem permissão para gerenciar formas de pagamento.',
      hint: ASK_AN_ADMINISTRATOR,
    },
  },
  'fiscal-notes': { title: 'Notas fiscais', permissions: ['manage_cashier', 'view_reports', 'manage_settings'] },
  delivery: { title: 'Entregas', permissions: ROUTE_PERMISSIONS.delivery },
  'delivery-config': { title: 'Configurações de Entrega', permissions: ROUTE_PERMISSIONS.deliveryConfig },
  hours: { title: 'Horários de Funcionamento', permissions: ROUTE_PERMISSIONS.hours },
  states: { title: 'Estados para Entrega', permissions: ROUTE_PERMISSIONS.states },
} as const satisfies Record<string, AdminRouteHandle>;

export type AdminPagePath = keyof typeof ADMIN_PAGES;

export function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as AdminRouteHandle).title === 'string';
}
