import type { Tx } from '@meucardapio/db/client';
import { defaultProfileTypes, employees, restaurants, userProfiles } from '@meucardapio/db/schema';
import { PERMISSION_KEYS, type PermissionKey, type ProfileType } from '@meucardapio/domain/permissions';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { StaffCtx } from '../../http/context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { hashPassword } from '../auth/passwords';
import { isAdministrator } from '../catalog/products.service';

type Permissions = Record<PermissionKey, boolean>;

const profileNotFound = () =>
  badRequest('Perfil selecionado não encontrado', 'Escolha um perfil existente.', 'profile_not_found');
const employeeNotFound = () => notFound('Funcionário não encontrado', 'O funcionário não existe ou foi excluído.');
const emailTaken = () => conflict('E-mail já cadastrado', 'Já existe um funcionário com este e-mail.');

const commerceRefusal = () =>
  badRequest(
    'Perfil indisponível',
    'Os perfis Cozinha e Garçom não estão disponíveis para comércio.',
    'profile_type_unavailable',
  );

const adminOnly = () => forbidden('Somente administradores podem conceder o perfil Administrador.');

async function segmentOf(tx: Tx | StaffCtx['db'], restaurantId: string) {
  const [r] = await tx
    .select({ segment: restaurants.businessSegment })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  return r?.segment === 'commerce' ? 'commerce' : 'restaurant';
}

/** Never includes the password hash. */
const employeeColumns = {
  id: employees.id,
  name: employees.name,
  email: employees.email,
  active: employees.active,
  profileId: employees.profileId,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
  profileName: userProfiles.name,
  profileType: userProfiles.type,
  profileActive: userProfiles.active,
};

type EmployeeRow = {
  id: string;
  name: string;
  email: string;
  active: boolean;
  profileId: string | null;
  createdAt: Date;
  updatedAt: Date;
  profileName: string | null;
  profileType: string | null;
  profileActive: boolean | null;
};

function employeeView(r: EmployeeRow) {
  const { profileName, profileType, profileActive, ...rest } = r;
  return {
    ...rest,
    profile:
      r.profileId && profileName
        ? { id: r.profileId, name: profileName, type: profileType, active: profileActive }
        : null,
  };
}
export type EmployeeView = ReturnType<typeof employeeView>;

export async function listEmployees(ctx: StaffCtx): Promise<EmployeeView[]> {
  const rows = await ctx.db
    .select(employeeColumns)
    .from(employees)
    .leftJoin(
      userProfiles,
      and(eq(userProfiles.id, employees.profileId), eq(userProfiles.restaurantId, ctx.restaurantId)),
    )
    .where(tenant(employees, ctx.restaurantId))
    .orderBy(asc(employees.name));
  return rows.map(employeeView);
}

async function getEmployee(ctx: StaffCtx, id: string): Promise<EmployeeView> {
  const [row] = await ctx.db
    .select(employeeColumns)
    .from(employees)
    .leftJoin(
      userProfiles,
      and(eq(userProfiles.id, employees.profileId), eq(userProfiles.restaurantId, ctx.restaurantId)),
    )
    .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)))
    .limit(1);
  if (!row) throw employeeNotFound();
  return employeeView(row);
}

/**
 * Resolves the chosen profile: a profile of this restaurant is used as is; a default profile type is
 * copied into a new restaurant profile (spec 2 §6). Refuses types the segment does not offer, and
 * admin-type profiles to anyone but an administrator (so a delegated manager cannot escalate).
 */
async function resolveProfile(tx: Tx, ctx: StaffCtx, profileId: string): Promise<string> {
  const segment = await segmentOf(tx, ctx.restaurantId);
  const [own] = await tx
    .select({ id: userProfiles.id, type: userProfiles.type })
    .from(userProfiles)
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, profileId)))
    .limit(1);
  const [template] = own
    ? []
    : await tx
        .select()
        .from(defaultProfileTypes)
        .where(and(eq(defaultProfileTypes.id, profileId), eq(defaultProfileTypes.active, true)))
        .limit(1);
  const type = (own?.type ?? template?.type) as ProfileType | undefined;
  if (!type) throw profileNotFound();
  if (segment === 'commerce' && (type === 'kitchen' || type === 'waiter')) throw commerceRefusal();
  if (type === 'admin' && !isAdministrator(ctx.actor)) throw adminOnly();
  if (own) return own.id;
  const permissions = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, template.permissions[k] === true]));
  const [created] = await tx
    .insert(userProfiles)
    .values({ restaurantId: ctx.restaurantId, name: template.name, type, permissions, active: true })
    .returning({ id: userProfiles.id });
  return created.id;
}

async function emailInUse(tx: Tx, email: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(exceptId ? and(eq(employees.email, email), ne(employees.id, exceptId)) : eq(employees.email, email))
    .limit(1);
  return Boolean(row);
}

function isUniqueViolation(err: unknown) {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
}

export async function createEmployee(
  ctx: StaffCtx,
  input: { name: string; email: string; password: string; profileId: string },
): Promise<EmployeeView> {
  const passwordHash = await hashPassword(input.password);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      if (await emailInUse(tx, input.email)) throw emailTaken();
      const profileId = await resolveProfile(tx, ctx, input.profileId);
      const [row] = await tx
        .insert(employees)
        .values({ restaurantId: ctx.restaurantId, name: input.name, email: input.email, passwordHash, profileId })
        .returning({ id: employees.id });
      return row.id;
    });
  } catch (err) {
    // Two simultaneous creations with one e-mail: the unique index decides, the loser gets the same text.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  return getEmployee(ctx, id);
}

export async function updateEmployee(
  ctx: StaffCtx,
  id: string,
  input: { name: string; email: string; password: string | null; profileId: string | null },
): Promise<EmployeeView> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: employees.id, profileId: employees.profileId })
        .from(employees)
        .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)))
        .for('update');
      if (!current) throw employeeNotFound();
      if (await emailInUse(tx, input.email, id)) throw emailTaken();
      const profileId =
        input.profileId && input.profileId !== current.profileId
          ? await resolveProfile(tx, ctx, input.profileId)
          : current.profileId;
      await tx
        .update(employees)
        .set({
          name: input.name,
          email: input.email,
          profileId,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  return getEmployee(ctx, id);
}

function refuseSelf(ctx: StaffCtx, id: string, what: string) {
  if (ctx.actor.kind === 'employee' && ctx.actor.id === id) {
    throw badRequest('Operação não permitida', `Você não pode ${what} a si mesmo.`, 'self_change');
  }
}

/** Activates or deactivates; a deactivated employee is signed out at the next request. */
export async function setEmployeeActive(ctx: StaffCtx, id: string, active: boolean): Promise<EmployeeView> {
  if (!active) refuseSelf(ctx, id, 'desativar');
  const rows = await ctx.db
    .update(employees)
    .set({ active, updatedAt: new Date() })
    .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)))
    .returning({ id: employees.id });
  if (rows.length === 0) throw employeeNotFound();
  return getEmployee(ctx, id);
}

export async function deleteEmployee(ctx: StaffCtx, id: string): Promise<void> {
  refuseSelf(ctx, id, 'excluir');
  const rows = await ctx.db
    .delete(employees)
    .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)))
    .returning({ id: employees.id });
  if (rows.length === 0) throw employeeNotFound();
}

// ---- Profiles ----

const profileRowNotFound = () => notFound('Perfil não encontrado', 'O perfil não existe ou foi excluído.');

function countGranted(p: Record<string, boolean>) {
  return PERMISSION_KEYS.filter((k) => p[k] === true).length;
}

const profileColumns = {
  id: userProfiles.id,
  name: userProfiles.name,
  type: userProfiles.type,
  permissions: userProfiles.permissions,
  active: userProfiles.active,
  updatedAt: userProfiles.updatedAt,
};

type ProfileRow = {
  id: string;
  name: string;
  type: string;
  permissions: Record<string, boolean>;
  active: boolean;
  updatedAt: Date;
};
const profileView = (r: ProfileRow, employeeCount: number) => ({
  ...r,
  employeeCount,
  // An admin-type profile holds every permission whatever its map says (permissions.ts).
  permissionCount: r.type === 'admin' ? PERMISSION_KEYS.length : countGranted(r.permissions),
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
      .select(profileColumns)
      .from(userProfiles)
      .where(tenant(userProfiles, ctx.restaurantId))
      .orderBy(asc(userProfiles.name), asc(userProfiles.createdAt)),
    employeeCounts(ctx),
  ]);
  return rows.map((r) => profileView(r, counts.get(r.id) ?? 0));
}

async function getProfile(ctx: StaffCtx, id: string): Promise<ProfileView> {
  const [row] = await ctx.db
    .select(profileColumns)
    .from(userProfiles)
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)))
    .limit(1);
  if (!row) throw profileRowNotFound();
  return profileView(row, (await employeeCounts(ctx, id)).get(id) ?? 0);
}

type ProfileInput = { name: string; type: ProfileType; permissions: Permissions; active?: boolean };

async function checkProfileType(ctx: StaffCtx, type: ProfileType) {
  const segment = await segmentOf(ctx.db, ctx.restaurantId);
  if (segment === 'commerce' && (type === 'kitchen' || type === 'waiter')) throw commerceRefusal();
  if (type === 'admin' && !isAdministrator(ctx.actor)) throw adminOnly();
}

export async function createProfile(ctx: StaffCtx, input: ProfileInput): Promise<ProfileView> {
  await checkProfileType(ctx, input.type);
  const [row] = await ctx.db
    .insert(userProfiles)
    .values({
      restaurantId: ctx.restaurantId,
      name: input.name,
      type: input.type,
      permissions: input.permissions,
      active: input.active ?? true,
    })
    .returning({ id: userProfiles.id });
  return getProfile(ctx, row.id);
}

export async function updateProfile(ctx: StaffCtx, id: string, input: ProfileInput): Promise<ProfileView> {
  const [current] = await ctx.db
    .select({ type: userProfiles.type })
    .from(userProfiles)
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)))
    .limit(1);
  if (!current) throw profileRowNotFound();
  await checkProfileType(ctx, input.type);
  if (current.type === 'admin' && !isAdministrator(ctx.actor)) throw adminOnly();
  await ctx.db
    .update(userProfiles)
    .set({
      name: input.name,
      type: input.type,
      permissions: input.permissions,
      ...(input.active === undefined ? {} : { active: input.active }),
      updatedAt: new Date(),
    })
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)));
  return getProfile(ctx, id);
}

/** Deactivating a profile signs its employees out at their next request. */
export async function setProfileActive(ctx: StaffCtx, id: string, active: boolean): Promise<ProfileView> {
  if (!active && ctx.actor.kind === 'employee' && ctx.actor.profile.id === id) {
    throw badRequest('Operação não permitida', 'Você não pode desativar o seu próprio perfil.', 'self_change');
  }
  const rows = await ctx.db
    .update(userProfiles)
    .set({ active, updatedAt: new Date() })
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)))
    .returning({ id: userProfiles.id });
  if (rows.length === 0) throw profileRowNotFound();
  return getProfile(ctx, id);
}

/** Deletes a profile; employees holding it are left without a profile and lose access. */
export async function deleteProfile(ctx: StaffCtx, id: string): Promise<void> {
  if (ctx.actor.kind === 'employee' && ctx.actor.profile.id === id) {
    throw badRequest('Operação não permitida', 'Você não pode excluir o seu próprio perfil.', 'self_change');
  }
  const rows = await ctx.db
    .delete(userProfiles)
    .where(tenant(userProfiles, ctx.restaurantId, eq(userProfiles.id, id)))
    .returning({ id: userProfiles.id });
  if (rows.length === 0) throw profileRowNotFound();
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
  return rows.filter((r) => segment !== 'commerce' || (r.type !== 'kitchen' && r.type !== 'waiter'));
}
