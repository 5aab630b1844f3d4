import { describe, expect, it } from 'vitest';
import {
  accessChangeRefusal,
  chatUserType,
  DELIVERY_PROFILE_NAME,
  defaultPermissionsFor,
  grantedPermissions,
  hasAnyPermission,
  hasPermission,
  isAdministrator,
  isCashierOnly,
  isDeliveryPerson,
  OWNER_PROFILE,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type PermissionKey,
  type Permissions,
  PROFILE_TYPE_LABELS,
  PROFILE_TYPES,
  type Profile,
  type ProfileType,
  profileTypeFromDefaultName,
  profileTypeOffered,
  profileTypesForSegment,
  ROUTE_PERMISSIONS,
  SETTINGS_TAB_PERMISSION,
  type StaffActor,
  seesOrder,
  visibleSettingsTabs,
} from './permissions';

function granted(p: Permissions): PermissionKey[] {
  return PERMISSION_KEYS.filter((k) => p[k] === true);
}

function profile(over: Partial<Profile> = {}): Profile {
  return { id: 'p1', name: 'Perfil', type: 'counter', permissions: {}, active: true, ...over };
}

function employee(p: Profile | null, employeeActive = true): StaffActor {
  return { kind: 'employee', profile: p, employeeActive };
}

const OWNER: StaffActor = { kind: 'owner' };

describe('vocabulary', () => {
  it("has the spec's 19 permission keys and the kitchen display's, without duplicates", () => {
    expect(PERMISSION_KEYS).toEqual([
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
    ]);
    expect(new Set(PERMISSION_KEYS).size).toBe(20);
  });

  it('labels every permission key in pt-BR', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const k of PERMISSION_KEYS) expect(PERMISSION_LABELS[k].trim()).not.toBe('');
    expect(PERMISSION_LABELS.manage_cashier).toBe('Gerenciar caixa');
  });

  it('has the five profile types plus custom, with their labels', () => {
    expect(PROFILE_TYPES).toEqual(['admin', 'counter', 'kitchen', 'waiter', 'cashier']);
    expect(PROFILE_TYPE_LABELS).toEqual({
      admin: 'Administrador',
      counter: 'Balcão',
      kitchen: 'Cozinha',
      waiter: 'Garçom',
      cashier: 'Caixa',
      custom: 'Personalizado',
    });
  });
});

describe('defaultPermissionsFor', () => {
  it('gives admin every permission', () => {
    expect(granted(defaultPermissionsFor('admin'))).toEqual([...PERMISSION_KEYS]);
  });

  it('gives counter orders, tables, delivery and coupons', () => {
    expect(granted(defaultPermissionsFor('counter')).sort()).toEqual(
      ['manage_coupons', 'manage_delivery', 'manage_orders', 'manage_tables'].sort(),
    );
  });

  it('gives kitchen the orders and the kitchen display only', () => {
    expect(granted(defaultPermissionsFor('kitchen'))).toEqual(['manage_orders', 'manage_kitchen']);
  });

  it('gives waiter orders and tables', () => {
    expect(granted(defaultPermissionsFor('waiter')).sort()).toEqual(['manage_orders', 'manage_tables']);
  });

  it('gives cashier orders, reports, coupons and cashier', () => {
    expect(granted(defaultPermissionsFor('cashier')).sort()).toEqual(
      ['manage_cashier', 'manage_coupons', 'manage_orders', 'view_reports'].sort(),
    );
  });

  it('gives custom nothing', () => {
    expect(granted(defaultPermissionsFor('custom'))).toEqual([]);
  });

  it('lists every key explicitly as true or false, so each can be toggled', () => {
    for (const type of [...PROFILE_TYPES, 'custom'] as ProfileType[]) {
      const perms = defaultPermissionsFor(type);
      expect(Object.keys(perms).sort()).toEqual([...PERMISSION_KEYS].sort());
      for (const k of PERMISSION_KEYS) expect(typeof perms[k]).toBe('boolean');
    }
  });

  it('returns a fresh object each time', () => {
    const a = defaultPermissionsFor('kitchen');
    a.manage_stock = true;
    expect(defaultPermissionsFor('kitchen').manage_stock).toBe(false);
  });
});

describe('profileTypeFromDefaultName', () => {
  it.each([
    ['admin', 'admin'],
    ['Administrador', 'admin'],
    ['balcao', 'counter'],
    ['Balcão', 'counter'],
    ['cozinha', 'kitchen'],
    ['COZINHA', 'kitchen'],
    ['garcom', 'waiter'],
    ['Garçom', 'waiter'],
    ['caixa', 'cashier'],
    ['  Caixa  ', 'cashier'],
    ['custom', 'custom'],
    ['Personalizado', 'custom'],
  ])('maps %j to %s', (name, type) => {
    expect(profileTypeFromDefaultName(name)).toBe(type);
  });

  it('maps any other name to counter', () => {
    expect(profileTypeFromDefaultName('Entregador')).toBe('counter');
    expect(profileTypeFromDefaultName('')).toBe('counter');
  });
});

describe('profileTypeOffered', () => {
  it('offers kitchen and waiter to restaurants only; custom and the other types everywhere', () => {
    expect(profileTypeOffered('kitchen', 'restaurant')).toBe(true);
    expect(profileTypeOffered('waiter', 'restaurant')).toBe(true);
    expect(profileTypeOffered('kitchen', 'commerce')).toBe(false);
    expect(profileTypeOffered('waiter', 'commerce')).toBe(false);
    for (const type of ['admin', 'counter', 'cashier', 'custom'])
      expect(profileTypeOffered(type, 'commerce')).toBe(true);
  });
});

describe('profileTypesForSegment', () => {
  it('offers every type to restaurants', () => {
    expect(profileTypesForSegment('restaurant')).toEqual(['admin', 'counter', 'kitchen', 'waiter', 'cashier']);
  });

  it('removes kitchen and waiter for commerce', () => {
    expect(profileTypesForSegment('commerce')).toEqual(['admin', 'counter', 'cashier']);
  });

  it('returns a copy that callers may change', () => {
    const list = profileTypesForSegment('restaurant');
    list.pop();
    expect(profileTypesForSegment('restaurant')).toHaveLength(5);
  });
});

describe('OWNER_PROFILE', () => {
  it('is the "Proprietário" admin pseudo-profile with every permission', () => {
    expect(OWNER_PROFILE).toMatchObject({ id: 'owner-profile', name: 'Proprietário', type: 'admin', active: true });
    expect(granted(OWNER_PROFILE.permissions)).toEqual([...PERMISSION_KEYS]);
  });
});

describe('hasPermission', () => {
  it('grants the owner everything', () => {
    for (const k of PERMISSION_KEYS) expect(hasPermission(OWNER, k)).toBe(true);
  });

  it('denies an inactive employee even with the permission', () => {
    const p = profile({ permissions: { manage_orders: true } });
    expect(hasPermission(employee(p, false), 'manage_orders')).toBe(false);
  });

  it('denies an employee without a profile', () => {
    expect(hasPermission(employee(null), 'manage_orders')).toBe(false);
  });

  it('denies an employee whose profile is inactive, admin type included', () => {
    expect(
      hasPermission(employee(profile({ active: false, permissions: { manage_orders: true } })), 'manage_orders'),
    ).toBe(false);
    expect(hasPermission(employee(profile({ type: 'admin', active: false })), 'manage_orders')).toBe(false);
  });

  it('grants an admin-type profile everything, whatever its map says', () => {
    const admin = employee(profile({ type: 'admin', permissions: { manage_stock: false } }));
    for (const k of PERMISSION_KEYS) expect(hasPermission(admin, k)).toBe(true);
  });

  it('otherwise needs the key to be exactly true', () => {
    const actor = employee(profile({ permissions: { manage_orders: true, manage_tables: false } }));
    expect(hasPermission(actor, 'manage_orders')).toBe(true);
    expect(hasPermission(actor, 'manage_tables')).toBe(false);
    expect(hasPermission(actor, 'manage_stock')).toBe(false);
    // A truthy non-boolean (e.g. from a hand-edited JSON column) is not a grant.
    const sloppy = employee(profile({ permissions: { manage_orders: 'true' as unknown as boolean } }));
    expect(hasPermission(sloppy, 'manage_orders')).toBe(false);
  });
});

describe('hasAnyPermission', () => {
  const actor = employee(profile({ permissions: { manage_menu: true } }));

  it('is true when one of the keys is held', () => {
    expect(hasAnyPermission(actor, ['manage_products', 'manage_menu'])).toBe(true);
  });

  it('is false when none is held, or for an empty list', () => {
    expect(hasAnyPermission(actor, ['manage_products', 'manage_stock'])).toBe(false);
    expect(hasAnyPermission(OWNER, [])).toBe(false);
  });
});

describe('isCashierOnly', () => {
  it('is false for the owner', () => {
    expect(isCashierOnly(OWNER)).toBe(false);
  });

  it('is false for an employee without a profile', () => {
    expect(isCashierOnly(employee(null))).toBe(false);
  });

  it('is true for a cashier-type profile, whatever its permissions', () => {
    expect(isCashierOnly(employee(profile({ type: 'cashier', permissions: defaultPermissionsFor('cashier') })))).toBe(
      true,
    );
  });

  it('is true when manage_cashier is the only permission granted', () => {
    expect(isCashierOnly(employee(profile({ permissions: { manage_cashier: true, manage_orders: false } })))).toBe(
      true,
    );
  });

  it('is false when other permissions are granted too, or none', () => {
    expect(isCashierOnly(employee(profile({ permissions: { manage_cashier: true, manage_orders: true } })))).toBe(
      false,
    );
    expect(isCashierOnly(employee(profile({ permissions: {} })))).toBe(false);
    expect(isCashierOnly(employee(profile({ permissions: { manage_orders: true } })))).toBe(false);
  });
});

describe('isDeliveryPerson / chatUserType', () => {
  it('recognises an employee whose profile is named "Entregador"', () => {
    expect(DELIVERY_PROFILE_NAME).toBe('Entregador');
    expect(isDeliveryPerson(employee(profile({ name: 'Entregador' })))).toBe(true);
    expect(isDeliveryPerson(employee(profile({ name: '  Entregador ' })))).toBe(true);
  });

  it('is false for other names, no profile, or the owner', () => {
    expect(isDeliveryPerson(employee(profile({ name: 'Balcão' })))).toBe(false);
    expect(isDeliveryPerson(employee(profile({ name: 'entregador' })))).toBe(false);
    expect(isDeliveryPerson(employee(null))).toBe(false);
    expect(isDeliveryPerson(OWNER)).toBe(false);
  });

  it('makes delivery people chat as employee and everyone else as admin', () => {
    expect(chatUserType(employee(profile({ name: 'Entregador' })))).toBe('employee');
    expect(chatUserType(employee(profile({ name: 'Cozinha', type: 'kitchen' })))).toBe('admin');
    expect(chatUserType(OWNER)).toBe('admin');
  });
});

describe('seesOrder', () => {
  const rider = employee(profile({ name: 'Entregador', permissions: { manage_orders: true } }));
  const cashier = employee(profile({ type: 'cashier', permissions: { manage_cashier: true, manage_orders: true } }));
  const counter = employee(profile({ permissions: { manage_orders: true, manage_cashier: true } }));
  const sale = { deliveryType: 'pdv', deliveryEmployeeId: null };
  const delivery = (to: string | null) => ({ deliveryType: 'delivery', deliveryEmployeeId: to });

  it('lets a delivery person reach only the orders given to them', () => {
    expect(seesOrder(rider, 'e1', delivery('e1'))).toBe(true);
    expect(seesOrder(rider, 'e1', delivery('e2'))).toBe(false);
    expect(seesOrder(rider, 'e1', delivery(null))).toBe(false);
  });

  it('keeps PDV sales from a cashier-only profile, and only those', () => {
    expect(seesOrder(cashier, 'e1', sale)).toBe(false);
    expect(seesOrder(cashier, 'e1', delivery(null))).toBe(true);
    expect(seesOrder(counter, 'e1', sale)).toBe(true);
  });

  it('lets the owner reach every order', () => {
    expect(seesOrder(OWNER, 'u1', sale)).toBe(true);
    expect(seesOrder(OWNER, 'u1', delivery('e2'))).toBe(true);
  });
});

describe('ROUTE_PERMISSIONS', () => {
  it('accepts manage_menu for products, categories and pizza flavours', () => {
    expect(ROUTE_PERMISSIONS.products).toEqual(['manage_products', 'manage_menu']);
    expect(ROUTE_PERMISSIONS.categories).toEqual(['manage_categories', 'manage_menu']);
    expect(ROUTE_PERMISSIONS.pizzaFlavors).toEqual(['manage_products', 'manage_menu']);
  });

  it('maps every other admin route to the permission of the spec', () => {
    expect(ROUTE_PERMISSIONS).toMatchObject({
      stock: ['manage_stock'],
      employees: ['manage_employees'],
      profiles: ['manage_users'],
      cashier: ['manage_cashier'],
      orders: ['manage_orders'],
      customers: ['manage_users'],
      tables: ['manage_tables'],
      reviews: ['manage_reviews'],
      coupons: ['manage_coupons'],
      paymentMethods: ['manage_payment_methods'],
      delivery: ['manage_delivery'],
      deliveryConfig: ['manage_delivery_config'],
      hours: ['manage_restaurant_hours'],
      states: ['manage_states'],
    });
  });

  it('lets a menu-only employee into products but not into stock', () => {
    const menuOnly = employee(profile({ permissions: { manage_menu: true } }));
    expect(hasAnyPermission(menuOnly, ROUTE_PERMISSIONS.products)).toBe(true);
    expect(hasAnyPermission(menuOnly, ROUTE_PERMISSIONS.stock)).toBe(false);
  });
});

describe('settings tabs', () => {
  it('gates general, fiscal, whatsapp and integrations by manage_settings, hours and reviews by their own keys', () => {
    expect(SETTINGS_TAB_PERMISSION).toEqual({
      general: 'manage_settings',
      hours: 'manage_restaurant_hours',
      tables: 'manage_settings',
      reviews: 'manage_reviews',
      fiscal: 'manage_settings',
      whatsapp: 'manage_settings',
      printers: 'manage_settings',
      integrations: 'manage_settings',
    });
  });

  it('shows the owner every tab in display order', () => {
    expect(visibleSettingsTabs(OWNER)).toEqual([
      'general',
      'hours',
      'tables',
      'reviews',
      'fiscal',
      'whatsapp',
      'printers',
      'integrations',
    ]);
  });

  it('shows only the permitted tabs; the first one opens by default', () => {
    const hoursAndReviews = employee(profile({ permissions: { manage_restaurant_hours: true, manage_reviews: true } }));
    expect(visibleSettingsTabs(hoursAndReviews)).toEqual(['hours', 'reviews']);
    const settingsOnly = employee(profile({ permissions: { manage_settings: true } }));
    expect(visibleSettingsTabs(settingsOnly)).toEqual([
      'general',
      'tables',
      'fiscal',
      'whatsapp',
      'printers',
      'integrations',
    ]);
  });

  it('shows nothing without any of those permissions, or when the employee is inactive', () => {
    expect(visibleSettingsTabs(employee(profile({ permissions: { manage_orders: true } })))).toEqual([]);
    expect(visibleSettingsTabs(employee(profile({ permissions: { manage_settings: true } }), false))).toEqual([]);
  });
});

describe('isAdministrator', () => {
  it('is the owner or an active employee with an active admin-type profile', () => {
    expect(isAdministrator(OWNER)).toBe(true);
    expect(isAdministrator(employee(profile({ type: 'admin' })))).toBe(true);
    expect(isAdministrator(employee(profile({ type: 'admin', active: false })))).toBe(false);
    expect(isAdministrator(employee(profile({ type: 'admin' }), false))).toBe(false);
    expect(isAdministrator(employee(null))).toBe(false);
  });

  it('is not a custom profile that happens to hold every key', () => {
    expect(isAdministrator(employee(profile({ type: 'custom', permissions: defaultPermissionsFor('admin') })))).toBe(
      false,
    );
  });
});

describe('grantedPermissions', () => {
  it('gives an admin type every key whatever its map says', () => {
    expect(grantedPermissions({ type: 'admin', permissions: {} })).toEqual([...PERMISSION_KEYS]);
  });

  it('otherwise lists the keys set exactly true, in vocabulary order', () => {
    expect(
      grantedPermissions({
        type: 'counter',
        permissions: { manage_stock: true, manage_orders: true, view_reports: false },
      }),
    ).toEqual(['manage_orders', 'manage_stock']);
  });
});

describe('accessChangeRefusal', () => {
  const hr = employee(profile({ type: 'custom', permissions: { manage_employees: true, manage_users: true } }));
  const admin = employee(profile({ type: 'admin' }));

  it('lets the owner and administrators give and manage any access, Administrator included', () => {
    for (const actor of [OWNER, admin]) {
      expect(accessChangeRefusal(actor, { type: 'admin', permissions: {} })).toBeNull();
      expect(accessChangeRefusal(actor, { type: 'custom', permissions: defaultPermissionsFor('admin') })).toBeNull();
    }
  });

  it('keeps Administrator access to the owner and administrators', () => {
    const everything = employee(profile({ type: 'custom', permissions: defaultPermissionsFor('admin') }));
    expect(accessChangeRefusal(hr, { type: 'admin', permissions: {} })).toBe('administrator_only');
    expect(accessChangeRefusal(everything, { type: 'admin', permissions: {} })).toBe('administrator_only');
    expect(
      accessChangeRefusal(employee(profile({ type: 'admin', active: false })), { type: 'admin', permissions: {} }),
    ).toBe('administrator_only');
  });

  it('refuses access beyond what the actor holds, one key is enough', () => {
    expect(accessChangeRefusal(hr, { type: 'cashier', permissions: defaultPermissionsFor('cashier') })).toBe(
      'above_own_permissions',
    );
    expect(
      accessChangeRefusal(hr, { type: 'custom', permissions: { manage_employees: true, manage_cashier: true } }),
    ).toBe('above_own_permissions');
  });

  it('allows access within what the actor holds, and no access at all', () => {
    expect(accessChangeRefusal(hr, { type: 'custom', permissions: { manage_employees: true } })).toBeNull();
    expect(
      accessChangeRefusal(hr, { type: 'custom', permissions: { manage_employees: true, manage_users: true } }),
    ).toBeNull();
    expect(accessChangeRefusal(hr, { type: 'kitchen', permissions: {} })).toBeNull();
    expect(accessChangeRefusal(hr, null)).toBeNull();
  });

  it('reads the type and map of the target, not the default of its type', () => {
    const kitchenLead = employee(
      profile({ type: 'kitchen', permissions: { manage_orders: true, manage_employees: true } }),
    );
    expect(accessChangeRefusal(kitchenLead, { type: 'counter', permissions: { manage_orders: true } })).toBeNull();
    expect(accessChangeRefusal(kitchenLead, { type: 'counter', permissions: defaultPermissionsFor('counter') })).toBe(
      'above_own_permissions',
    );
  });

  it('an employee whose own access is gone may give nothing', () => {
    const off = employee(profile({ type: 'custom', permissions: { manage_orders: true } }), false);
    expect(accessChangeRefusal(off, { type: 'custom', permissions: { manage_orders: true } })).toBe(
      'above_own_permissions',
    );
  });
});
