import { describe, expect, it } from 'vitest';
import {
  defaultPermissionsFor,
  grantedPermissions,
  hasAnyPermission,
  OWNER_PROFILE,
  PERMISSION_KEYS,
  PERMISSION_LABELS,
  type PermissionKey,
  type Permissions,
  PROFILE_TYPE_LABELS,
  PROFILE_TYPES,
  type ProfileType,
  profileTypeFromDefaultName,
  profileTypeOffered,
  profileTypesForSegment,
  ROUTE_PERMISSIONS,
  SETTINGS_TAB_PERMISSION,
  visibleSettingsTabs,
} from './permissions';
import { employee, OWNER, profile } from './testing/staff-actors';

function granted(p: Permissions): PermissionKey[] {
  return PERMISSION_KEYS.filter((k) => p[k] === true);
}

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
