import { describe, expect, it } from 'vitest';
import {
  accessChangeRefusal,
  chatUserType,
  DELIVERY_PROFILE_NAME,
  defaultPermissionsFor,
  hasAnyPermission,
  hasPermission,
  isAdministrator,
  isCashierOnly,
  isDeliveryPerson,
  PERMISSION_KEYS,
  seesOrder,
} from './permissions';
import { employee, OWNER, profile } from './testing/staff-actors';

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
