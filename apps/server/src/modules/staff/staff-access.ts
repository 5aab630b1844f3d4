import type { Tx } from '@meucardapio/db/client';
import { restaurants } from '@meucardapio/db/schema';
import {
  type AccessChangeRefusal,
  type AccessGrant,
  accessChangeRefusal,
  type ProfileType,
  profileTypeOffered,
} from '@meucardapio/domain/permissions';
import { eq } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';

const commerceRefusal = () =>
  badRequest(
    'Perfil indisponível',
    'Os perfis Cozinha e Garçom não estão disponíveis para comércio.',
    'profile_type_unavailable',
  );

/** 403 texts by what is being done: giving access, or managing an employee or a profile that carries it. */
const ACCESS_REFUSALS: Record<'grant' | 'employee' | 'profile', Record<AccessChangeRefusal, string>> = {
  grant: {
    administrator_only: 'Somente o proprietário ou um administrador pode conceder o perfil Administrador.',
    above_own_permissions: 'Você não pode conceder permissões que você mesmo não tem.',
  },
  employee: {
    administrator_only: 'Somente o proprietário ou um administrador pode alterar um administrador.',
    above_own_permissions: 'Você não pode alterar um funcionário com permissões que você mesmo não tem.',
  },
  profile: {
    administrator_only: 'Somente o proprietário ou um administrador pode alterar o perfil Administrador.',
    above_own_permissions: 'Você não pode alterar um perfil com permissões que você mesmo não tem.',
  },
};

export function assertMayChangeAccess(ctx: StaffCtx, what: keyof typeof ACCESS_REFUSALS, grant: AccessGrant | null) {
  const refusal = accessChangeRefusal(ctx.actor.rules, grant);
  if (refusal) throw forbidden(ACCESS_REFUSALS[what][refusal]);
}

export async function segmentOf(tx: Tx | StaffCtx['db'], restaurantId: string) {
  const [r] = await tx
    .select({ segment: restaurants.businessSegment })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  return r?.segment === 'commerce' ? 'commerce' : 'restaurant';
}

/** Refuses the kitchen and waiter types in a commerce restaurant. */
export async function assertTypeOffered(tx: Tx | StaffCtx['db'], restaurantId: string, type: ProfileType) {
  if (!profileTypeOffered(type, await segmentOf(tx, restaurantId))) throw commerceRefusal();
}
