import type { Tx } from '@meucardapio/db/client';
import { defaultProfileTypes, employees, userProfiles } from '@meucardapio/db/schema';
import { discountLimitPercent } from '@meucardapio/domain/cashier-discounts';
import {
  grantedPermissions,
  type PermissionKey,
  type ProfileType,
  profileTypeOffered,
} from '@meucardapio/domain/permissions';
import { asc, count, eq } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { profileColumns } from '../../http/session';
import { tenant } from '../../http/tenant';
import { assertMayChangeAccess, assertTypeOffered, segmentOf } from './staff-access';

type Permissions = Record<PermissionKey, boolean>;

const profileRowNotFound = () => notFound('Perfil não encontrado', 'O perfil não existe ou foi excluído.');

const columns = { ...profileColumns, updatedAt: userProfiles.updatedAt };

type ProfileRow = {
  id: string;
  name: string;
  type: string;
  permissions: Record<string, boolean>;
  active: boolean;
  maxDiscountPercent: number | null;
  updatedAt: Date;
};
const profileView = (r: ProfileRow, employeeCount: number) => ({
  ...r,
  employeeCount,
  permissionCount: grantedPermissions(r).length,
});
export type ProfileView = ReturnType<typeof profileView>;

/** How many employees hold each profile of the restaurant. */
async function employeeCounts(ctx: StaffCtx, profileId?: string): Promise<Map<string, number>> {
  const rows = await ctx.db
    .select({ profileId: employees.profileId, n: count() })
    .from(employees)
    .where(tenant(employees, ctx.restaurantId, profileId ? eq(employees.profileId, profileId) : undefined))
    .groupBy(employees.profileId);
  return new Map(rows.filter((r) => r.profileId).map((r) => [r.profileId as string, Number(r.n)]));
}

export async function listProfiles(ctx: StaffCtx): Promise<ProfileView[]> {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select(columns)
      .from(userProfiles)
      .where(tenant(userProfiles, ctx.restaurantId))
      .orderBy(asc(userProfiles.name), asc(userProfiles.createdAt)),
    employeeCounts(ctx),
  ]);
  return rows.map((r) => profileView(r, counts.get(r.id) ?? 0));
}

async function getProfile(ctx: StaffCtx, id: string): Promise<ProfileView> {
  const [row] = await ctx.db
    .select(columns)
    .from(userProfiles)
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)))
    .limit(1);
  if (!row) throw profileRowNotFound();
  return profileView(row, (await employeeCounts(ctx, id)).get(id) ?? 0);
}

type ProfileInput = {
  name: string;
  type: ProfileType;
  permissions: Permissions;
  active?: boolean;
  maxDiscountPercent: number | null;
};

/** Refuses a type the segment does not offer, and access (a discount limit included) the actor may not give. */
async function checkProfileInput(tx: Tx | StaffCtx['db'], ctx: StaffCtx, input: ProfileInput) {
  await assertTypeOffered(tx, ctx.restaurantId, input.type);
  assertMayChangeAccess(ctx, 'grant', input);
  const given = discountLimitPercent({
    kind: 'employee',
    employeeActive: true,
    profile: { id: '', ...input, active: true },
  });
  if (given > discountLimitPercent(ctx.actor.rules))
    throw forbidden('Você não pode conceder um limite de desconto maior que o seu.');
}

/** Locks a profile of the restaurant and refuses if the actor may not manage the access it carries. */
async function lockManageableProfile(tx: Tx, ctx: StaffCtx, id: string) {
  const [current] = await tx
    .select({ id: userProfiles.id, type: userProfiles.type, permissions: userProfiles.permissions })
    .from(userProfiles)
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)))
    .for('update');
  if (!current) throw profileRowNotFound();
  assertMayChangeAccess(ctx, 'profile', current);
}

export async function createProfile(ctx: StaffCtx, input: ProfileInput): Promise<ProfileView> {
  await checkProfileInput(ctx.db, ctx, input);
  const [row] = await ctx.db
    .insert(userProfiles)
    .values({
      restaurantId: ctx.restaurantId,
      name: input.name,
      type: input.type,
      permissions: input.permissions,
      active: input.active ?? true,
      maxDiscountPercent: input.maxDiscountPercent,
    })
    .returning({ id: userProfiles.id });
  return getProfile(ctx, row.id);
}

/** Editing one's own profile follows the same rule: it can lose permissions, never gain any the actor lacks. */
export async function updateProfile(ctx: StaffCtx, id: string, input: ProfileInput): Promise<ProfileView> {
  await ctx.db.transaction(async (tx) => {
    await lockManageableProfile(tx, ctx, id);
    await checkProfileInput(tx, ctx, input);
    await tx
      .update(userProfiles)
      .set({
        name: input.name,
        type: input.type,
        permissions: input.permissions,
        maxDiscountPercent: input.maxDiscountPercent,
        ...(input.active === undefined ? {} : { active: input.active }),
        updatedAt: new Date(),
      })
      .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)));
  });
  return getProfile(ctx, id);
}

/** Deactivating a profile signs its employees out at their next request. */
export async function setProfileActive(ctx: StaffCtx, id: string, active: boolean): Promise<ProfileView> {
  if (!active && ctx.actor.kind === 'employee' && ctx.actor.profile.id === id) {
    throw badRequest('Operação não permitida', 'Você não pode desativar o seu próprio perfil.', 'self_change');
  }
  await ctx.db.transaction(async (tx) => {
    await lockManageableProfile(tx, ctx, id);
    await tx
      .update(userProfiles)
      .set({ active, updatedAt: new Date() })
      .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)));
  });
  return getProfile(ctx, id);
}

/** Deletes a profile; employees holding it are left without a profile and lose access. */
export async function deleteProfile(ctx: StaffCtx, id: string): Promise<void> {
  if (ctx.actor.kind === 'employee' && ctx.actor.profile.id === id) {
    throw badRequest('Operação não permitida', 'Você não pode excluir o seu próprio perfil.', 'self_change');
  }
  await ctx.db.transaction(async (tx) => {
    await lockManageableProfile(tx, ctx, id);
    await tx.delete(userProfiles).where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)));
  });
}

/** Default profile templates (global), active ones by name. */
export async function listDefaultProfileTypes(ctx: StaffCtx) {
  const segment = await segmentOf(ctx.db, ctx.restaurantId);
  const rows = await ctx.db
    .select({
      id: defaultProfileTypes.id,
      name: defaultProfileTypes.name,
      type: defaultProfileTypes.type,
      permissions: defaultProfileTypes.permissions,
      description: defaultProfileTypes.description,
    })
    .from(defaultProfileTypes)
    .where(eq(defaultProfileTypes.active, true))
    .orderBy(asc(defaultProfileTypes.name));
  return rows.filter((r) => profileTypeOffered(r.type, segment));
}
