import { appUsers, employees, restaurants, userProfiles } from '@meucardapio/db/schema';
import type { StaffActor } from '@meucardapio/domain/permissions';
import { and, eq } from 'drizzle-orm';
import type { ServiceCtx } from '../../http/context';
import { startLoginAttempt } from '../../http/rate-limit';
import { toProfile } from '../../http/session';
import { spendPasswordCheck, verifyPassword } from '../auth/passwords';

/** Someone of this restaurant who proved who they are by typing their password on another person's screen. */
export type VerifiedStaff = { kind: 'owner' | 'employee'; id: string; name: string; rules: StaffActor };

/**
 * Checks an e-mail and password against this restaurant's owner and active employees only, under the
 * same throttle as the sign-in screen (a terminal must not become a way to guess passwords). Answers
 * null for a wrong pair, spending the same time whether the e-mail exists or not.
 */
export async function verifyStaffPassword(
  ctx: ServiceCtx,
  input: { email: string; password: string },
  ip: string,
): Promise<VerifiedStaff | null> {
  const email = input.email.trim().toLowerCase();
  const attempt = await startLoginAttempt(ctx.db, email, ip);
  const [emp] = await ctx.db
    .select({ employee: employees, profile: userProfiles })
    .from(employees)
    .innerJoin(userProfiles, eq(userProfiles.id, employees.profileId))
    .where(
      and(
        eq(employees.restaurantId, ctx.restaurantId),
        eq(employees.email, email),
        eq(employees.active, true),
        eq(userProfiles.active, true),
      ),
    )
    .limit(1);
  const [owner] = emp
    ? []
    : await ctx.db
        .select({ id: appUsers.id, name: appUsers.name, hash: appUsers.passwordHash })
        .from(restaurants)
        .innerJoin(appUsers, eq(appUsers.id, restaurants.ownerId))
        .where(and(eq(restaurants.id, ctx.restaurantId), eq(appUsers.email, email)))
        .limit(1);
  const hash = emp?.employee.passwordHash ?? owner?.hash ?? null;
  if (!hash) {
    await spendPasswordCheck(input.password);
    return null;
  }
  if (!(await verifyPassword(hash, input.password)).ok) return null;
  await attempt.succeeded();
  if (emp) {
    const profile = toProfile(emp.profile);
    return {
      kind: 'employee',
      id: emp.employee.id,
      name: emp.employee.name,
      rules: { kind: 'employee', profile, employeeActive: true },
    };
  }
  return { kind: 'owner', id: owner.id, name: owner.name, rules: { kind: 'owner' } };
}
