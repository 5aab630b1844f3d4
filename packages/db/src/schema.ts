export * from './schema/accounts';
export * from './schema/cashier';
export * from './schema/catalog';
export * from './schema/infra';
export * from './schema/kitchen';
export * from './schema/operations';
export * from './schema/orders';
export * from './schema/restaurants';
