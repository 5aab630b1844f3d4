import { DELIVERY_PROFILE_NAME, defaultPermissionsFor, type ProfileType } from '@meucardapio/domain/permissions';
import type { DbOrTx } from '../client';
import { defaultProfileTypes } from '../schema';

export type DefaultProfileTypeSeed = {
  name: string;
  type: ProfileType;
  permissions: Record<string, boolean>;
  description: string;
};

const deliveryPermissions = { ...defaultPermissionsFor('custom'), manage_orders: true, manage_delivery: true };

/** The global profile templates offered when an employee is created. */
export const DEFAULT_PROFILE_TYPES: readonly DefaultProfileTypeSeed[] = [
  {
    name: 'Administrador',
    type: 'admin',
    permissions: defaultPermissionsFor('admin'),
    description: 'Acesso completo a todas as áreas do painel.',
  },
  {
    name: 'Balcão',
    type: 'counter',
    permissions: defaultPermissionsFor('counter'),
    description: 'Atende pedidos, mesas, entregas e cupons no balcão.',
  },
  {
    name: 'Cozinha',
    type: 'kitchen',
    permissions: defaultPermissionsFor('kitchen'),
    description: 'Acompanha e prepara os pedidos.',
  },
  {
    name: 'Garçom',
    type: 'waiter',
    permissions: defaultPermissionsFor('waiter'),
    description: 'Lança e acompanha pedidos das mesas.',
  },
  {
    name: 'Caixa',
    type: 'cashier',
    permissions: defaultPermissionsFor('cashier'),
    description: 'Opera o caixa (PDV): abertura, vendas, sangrias e fechamento.',
  },
  {
    // A delivery person is recognised by this exact profile name.
    name: DELIVERY_PROFILE_NAME,
    type: 'counter',
    permissions: deliveryPermissions,
    description: 'Vê os pedidos que saíram para entrega com ele e confirma a entrega.',
  },
  {
    name: 'Personalizado',
    type: 'custom',
    permissions: defaultPermissionsFor('custom'),
    description: 'Sem permissões pré-definidas: escolha cada permissão manualmente.',
  },
];

/** Inserts the default profile types that are missing (matched by name); existing rows are left as they are. */
export async function ensureDefaultProfileTypes(db: DbOrTx): Promise<void> {
  await db
    .insert(defaultProfileTypes)
    .values(DEFAULT_PROFILE_TYPES.map((p) => ({ ...p, permissions: { ...p.permissions }, active: true })))
    .onConflictDoNothing({ target: defaultProfileTypes.name });
}
