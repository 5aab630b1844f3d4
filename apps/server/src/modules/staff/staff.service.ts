import type { DbOrTx } from '@meucardapio/db/client';
import { defaultProfileTypes, employees, sessions, staffEmails, userProfiles } from '@meucardapio/db/schema';
import { PERMISSION_KEYS, type ProfileType } from '@meucardapio/domain/permissions';
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { inTransaction, type StaffCtx } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { tenant } from '../../http/tenant';
import { hashPassword } from '../auth/passwords';
import { assertMayChangeAccess, assertTypeOffered } from './staff-access';

const profileNotFound = () =>
  badRequest('Perfil selecionado não encontrado', 'Escolha um perfil existente.', 'profile_not_found');
const employeeNotFound = () => notFound('Funcionário não encontrado', 'O funcionário não existe ou foi excluído.');
const emailTaken = () => conflict('E-mail já cadastrado', 'Este e-mail já está em uso por outra conta.');

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
 * access the actor may not give (so a delegated manager cannot escalate).
 */
async function resolveProfile(ctx: StaffCtx, profileId: string): Promise<string> {
  const tx = ctx.db;
  const [own] = await tx
    .select({ id: userProfiles.id, type: userProfiles.type, permissions: userProfiles.permissions })
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
  await assertTypeOffered(tx, ctx.restaurantId, type);
  assertMayChangeAccess(ctx, 'grant', own ?? template);
  if (own) return own.id;
  const permissions = Object.fromEntries(PERMISSION_KEYS.map((k) => [k, template.permissions[k] === true]));
  const [created] = await tx
    .insert(userProfiles)
    .values({ restaurantId: ctx.restaurantId, name: template.name, type, permissions, active: true })
    .returning({ id: userProfiles.id });
  return created.id;
}

/** Owners' and employees' e-mails are unique across all restaurants (staff_emails, kept by triggers). */
async function emailInUse(tx: DbOrTx, email: string, exceptEmployeeId?: string) {
  const [row] = await tx
    .select({ email: staffEmails.email })
    .from(staffEmails)
    .where(
      and(
        eq(staffEmails.email, email),
        exceptEmployeeId ? or(isNull(staffEmails.employeeId), ne(staffEmails.employeeId, exceptEmployeeId)) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Locks an employee of the restaurant and refuses if the actor may not manage the access its profile carries
 * (an Administrator, or more than the actor holds).
 */
async function lockManageableEmployee(ctx: StaffCtx, id: string) {
  const tx = ctx.db;
  const [current] = await tx
    .select({
      id: employees.id,
      email: employees.email,
      profileId: employees.profileId,
      type: userProfiles.type,
      permissions: userProfiles.permissions,
    })
    .from(employees)
    .leftJoin(
      userProfiles,
      and(eq(userProfiles.id, employees.profileId), eq(userProfiles.restaurantId, ctx.restaurantId)),
    )
    .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)))
    .for('update', { of: employees });
  if (!current) throw employeeNotFound();
  const { type, permissions } = current;
  assertMayChangeAccess(ctx, 'employee', type && permissions ? { type, permissions } : null);
  return current;
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
    id = await inTransaction(ctx, async (txCtx) => {
      const tx = txCtx.db;
      if (await emailInUse(tx, input.email)) throw emailTaken();
      const profileId = await resolveProfile(txCtx, input.profileId);
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
    await inTransaction(ctx, async (txCtx) => {
      const tx = txCtx.db;
      const current = await lockManageableEmployee(txCtx, id);
      // An unchanged address is never refused, so an account older than the uniqueness rule stays editable.
      const emailChanged = input.email !== current.email.trim().toLowerCase();
      if (emailChanged && (await emailInUse(tx, input.email, id))) throw emailTaken();
      const profileId =
        input.profileId && input.profileId !== current.profileId
          ? await resolveProfile(txCtx, input.profileId)
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
      // A new password ends the employee's other sessions, every one of them when someone else set it.
      if (passwordHash) {
        await tx
          .delete(sessions)
          .where(and(eq(sessions.employeeId, id), ne(sessions.tokenHash, ctx.actor.sessionHash)));
      }
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
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    await lockManageableEmployee(txCtx, id);
    await tx
      .update(employees)
      .set({ active, updatedAt: new Date() })
      .where(tenant(employees, ctx.restaurantId, eq(employees.id, id)));
  });
  return getEmployee(ctx, id);
}

export async function deleteEmployee(ctx: StaffCtx, id: string): Promise<void> {
  refuseSelf(ctx, id, 'excluir');
  await inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    await lockManageableEmployee(txCtx, id);
    await tx.delete(employees).where(tenant(employees, ctx.restaurantId, eq(employees.id, id)));
  });
}
