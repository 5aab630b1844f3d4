/** The permission keys of the access profiles: the spec's 19 and the kitchen display's. */
export const PERMISSION_KEYS = [
  'manage_restaurant',
  'manage_menu',
  'manage_categories',
  'manage_products',
  'manage_orders',
  'manage_users',
  'manage_employees',
  'manage_delivery_config',
  'view_reports',
  'manage_tables',
  'manage_delivery',
  'manage_payment_methods',
  'manage_coupons',
  'manage_settings',
  'manage_restaurant_hours',
  'manage_states',
  'manage_reviews',
  'manage_cashier',
  'manage_stock',
  'manage_kitchen',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type Permissions = Partial<Record<PermissionKey, boolean>>;

export const PROFILE_TYPES = ['admin', 'counter', 'kitchen', 'waiter', 'cashier'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number] | 'custom';

export const PROFILE_TYPE_LABELS: Record<ProfileType, string> = {
  admin: 'Administrador',
  counter: 'Balcão',
  kitchen: 'Cozinha',
  waiter: 'Garçom',
  cashier: 'Caixa',
  custom: 'Personalizado',
};

export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  manage_restaurant: 'Gerenciar restaurante',
  manage_menu: 'Gerenciar cardápio',
  manage_categories: 'Gerenciar categorias',
  manage_products: 'Gerenciar produtos',
  manage_orders: 'Gerenciar pedidos',
  manage_users: 'Gerenciar usuários',
  manage_employees: 'Gerenciar funcionários',
  manage_delivery_config: 'Configurar entrega',
  view_reports: 'Ver relatórios',
  manage_tables: 'Gerenciar mesas',
  manage_delivery: 'Gerenciar entregas',
  manage_payment_methods: 'Gerenciar formas de pagamento',
  manage_coupons: 'Gerenciar cupons',
  manage_settings: 'Gerenciar configurações',
  manage_restaurant_hours: 'Gerenciar horários',
  manage_states: 'Gerenciar estados',
  manage_reviews: 'Gerenciar avaliações',
  manage_cashier: 'Gerenciar caixa',
  manage_stock: 'Gerenciar estoque',
  manage_kitchen: 'Cozinha (KDS)',
};

function only(...keys: PermissionKey[]): Permissions {
  return Object.fromEntries(PERMISSION_KEYS.map((k) => [k, keys.includes(k)])) as Permissions;
}

/** Default permissions preloaded when a profile type is chosen. */
export function defaultPermissionsFor(type: ProfileType): Permissions {
  switch (type) {
    case 'admin':
      return only(...PERMISSION_KEYS);
    case 'counter':
      return only('manage_orders', 'manage_tables', 'manage_delivery', 'manage_coupons');
    case 'kitchen':
      return only('manage_orders', 'manage_kitchen');
    case 'waiter':
      return only('manage_orders', 'manage_tables');
    case 'cashier':
      return only('manage_orders', 'view_reports', 'manage_coupons', 'manage_cashier');
    default:
      return only();
  }
}

/** Maps a default profile type's name (admin, balcao, cozinha, garcom, caixa) to a profile type; others are counter. */
export function profileTypeFromDefaultName(name: string): ProfileType {
  const key = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
  const map: Record<string, ProfileType> = {
    admin: 'admin',
    administrador: 'admin',
    balcao: 'counter',
    cozinha: 'kitchen',
    garcom: 'waiter',
    caixa: 'cashier',
    custom: 'custom',
    personalizado: 'custom',
  };
  return map[key] ?? 'counter';
}

/** Whether a profile of this type may be given in a business segment: commerce has no kitchen or waiter. */
export function profileTypeOffered(type: string, segment: 'restaurant' | 'commerce'): boolean {
  return segment !== 'commerce' || (type !== 'kitchen' && type !== 'waiter');
}

/** Profile types offered for a business segment: commerce has no kitchen or waiter. */
export function profileTypesForSegment(segment: 'restaurant' | 'commerce'): ProfileType[] {
  return PROFILE_TYPES.filter((t) => profileTypeOffered(t, segment));
}

export type Profile = {
  id: string;
  name: string;
  type: ProfileType;
  permissions: Permissions;
  active: boolean;
  /** Largest PDV discount (% of the subtotal) given without approval; null or absent = the type's default. */
  maxDiscountPercent?: number | null;
};

export const OWNER_PROFILE: Profile = {
  id: 'owner-profile',
  name: 'Proprietário',
  type: 'admin',
  permissions: only(...PERMISSION_KEYS),
  active: true,
};

/** The profile name that marks delivery people. */
export const DELIVERY_PROFILE_NAME = 'Entregador';

export type StaffActor = { kind: 'owner' } | { kind: 'employee'; profile: Profile | null; employeeActive: boolean };

/**
 * Whether a staff member holds a permission. The owner holds all; an employee needs an active
 * employee record and an active profile; an admin-type profile holds all; otherwise the key must be exactly true.
 */
export function hasPermission(actor: StaffActor, key: PermissionKey): boolean {
  if (actor.kind === 'owner') return true;
  const { profile } = actor;
  if (!actor.employeeActive || !profile?.active) return false;
  if (profile.type === 'admin') return true;
  return profile.permissions[key] === true;
}

/** Holds at least one of the keys. */
export function hasAnyPermission(actor: StaffActor, keys: readonly PermissionKey[]): boolean {
  return keys.some((k) => hasPermission(actor, k));
}

/** The owner, or an employee holding an active Administrator-type profile. */
export function isAdministrator(actor: StaffActor): boolean {
  if (actor.kind === 'owner') return true;
  return actor.employeeActive && actor.profile?.active === true && actor.profile.type === 'admin';
}

/**
 * Who handles the restaurant's money: the cashier permission or an administrator. Only they confirm a
 * PIX received (decision 048); the kitchen and waiters work the board too.
 */
export function handlesMoney(actor: StaffActor): boolean {
  return hasPermission(actor, 'manage_cashier') || isAdministrator(actor);
}

/** The access a profile carries, whether or not it is active: an admin type carries every key. */
export type AccessGrant = { type: ProfileType | string; permissions: Permissions };

/** The keys a profile carries: all for an admin type, otherwise those set exactly true. */
export function grantedPermissions(grant: AccessGrant): PermissionKey[] {
  if (grant.type === 'admin') return [...PERMISSION_KEYS];
  return PERMISSION_KEYS.filter((k) => grant.permissions[k] === true);
}

export type AccessChangeRefusal = 'administrator_only' | 'above_own_permissions';

/**
 * Why the actor may not give (create, edit, assign) or manage (edit, deactivate, delete, reset the password of)
 * an account or profile carrying this access, or null when allowed. Only the owner or an Administrator touches
 * Administrator access; nobody gives or manages access beyond the permissions they hold themselves, so no one
 * can raise an account, their own included, above their own level. No profile (null) carries nothing.
 */
export function accessChangeRefusal(actor: StaffActor, grant: AccessGrant | null): AccessChangeRefusal | null {
  if (!grant) return null;
  if (grant.type === 'admin' && !isAdministrator(actor)) return 'administrator_only';
  return grantedPermissions(grant).every((k) => hasPermission(actor, k)) ? null : 'above_own_permissions';
}

/** Cashier-only: profile type cashier, or manage_cashier is the only permission granted. */
export function isCashierOnly(actor: StaffActor): boolean {
  if (actor.kind === 'owner' || !actor.profile) return false;
  if (actor.profile.type === 'cashier') return true;
  const granted = PERMISSION_KEYS.filter((k) => actor.profile?.permissions[k] === true);
  return granted.length === 1 && granted[0] === 'manage_cashier';
}

/**
 * Kitchen-only: a Cozinha-type profile, or one that does not work the orders. The kitchen cooks by number,
 * table and notes; a customer's name is for whoever serves them (decision 048).
 */
export function isKitchenOnly(actor: StaffActor): boolean {
  if (actor.kind === 'owner' || !actor.profile) return false;
  return actor.profile.type === 'kitchen' || !hasPermission(actor, 'manage_orders');
}

/** Delivery person: an employee whose profile is named "Entregador". */
export function isDeliveryPerson(actor: StaffActor): boolean {
  return actor.kind === 'employee' && actor.profile?.name.trim() === DELIVERY_PROFILE_NAME;
}

/**
 * Whether a staff member reaches one order from the board (and so may see, move or reprint it): a
 * delivery person only the orders given to them; a cashier-only profile no PDV sale, whose totals and
 * the cash handed over would add up to the drawer they count blind (decision 017).
 */
export function seesOrder(
  actor: StaffActor,
  actorId: string,
  order: { deliveryType: string; deliveryEmployeeId: string | null },
): boolean {
  if (isDeliveryPerson(actor) && order.deliveryEmployeeId !== actorId) return false;
  return order.deliveryType !== 'pdv' || !isCashierOnly(actor);
}

/** The chat sender type of a staff member: delivery people chat as employee, everyone else as admin. */
export function chatUserType(actor: StaffActor): 'admin' | 'employee' {
  return isDeliveryPerson(actor) ? 'employee' : 'admin';
}

/** Alternatives accepted for the catalogue routes: manage_menu also opens products and categories. */
export const ROUTE_PERMISSIONS = {
  products: ['manage_products', 'manage_menu'],
  categories: ['manage_categories', 'manage_menu'],
  pizzaFlavors: ['manage_products', 'manage_menu'],
  stock: ['manage_stock'],
  employees: ['manage_employees'],
  profiles: ['manage_users'],
  cashier: ['manage_cashier'],
  orders: ['manage_orders'],
  kitchen: ['manage_kitchen'],
  kitchenStations: ['manage_products', 'manage_menu'],
  customers: ['manage_users'],
  tables: ['manage_tables'],
  /** The waiter's app: the room and its accounts; the PDV takes their payments too. */
  mesas: ['manage_tables', 'manage_cashier'],
  reviews: ['manage_reviews'],
  coupons: ['manage_coupons'],
  paymentMethods: ['manage_payment_methods'],
  delivery: ['manage_delivery'],
  deliveryConfig: ['manage_delivery_config'],
  hours: ['manage_restaurant_hours'],
  states: ['manage_states'],
} as const satisfies Record<string, readonly PermissionKey[]>;

export type SettingsTab =
  | 'general'
  | 'hours'
  | 'tables'
  | 'reviews'
  | 'fiscal'
  | 'whatsapp'
  | 'printers'
  | 'integrations';

export const SETTINGS_TAB_PERMISSION: Record<SettingsTab, PermissionKey> = {
  general: 'manage_settings',
  hours: 'manage_restaurant_hours',
  tables: 'manage_settings',
  reviews: 'manage_reviews',
  fiscal: 'manage_settings',
  whatsapp: 'manage_settings',
  printers: 'manage_settings',
  integrations: 'manage_settings',
};

/** Settings tabs the actor may open, in display order; the first is the one opened by default. */
export function visibleSettingsTabs(actor: StaffActor): SettingsTab[] {
  return (['general', 'hours', 'tables', 'reviews', 'fiscal', 'whatsapp', 'printers', 'integrations'] as const).filter(
    (t) => hasPermission(actor, SETTINGS_TAB_PERMISSION[t]),
  );
}
